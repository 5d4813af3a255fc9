import { useId } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { transactionCommentSchema, type TransactionView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { serverErrors, validateWith } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { FormActions } from '../../../ui/form-actions';
import { NotesField } from '../../../ui/notes-field';
import { useTransactionWrite } from './transactions-api';
import { useLedgerFormat } from './use-ledger-format';

type CommentValues = { comment: string };

/** Notes on a posted transaction, oldest first; the one thing that can be added to it. */
export function TransactionComments({
  transaction,
  canWrite,
}: {
  transaction: TransactionView;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { instant, source } = useLedgerFormat();
  const titleId = useId();
  const write = useTransactionWrite(transaction.uuid);
  const form = useForm<CommentValues>({
    initialValues: { comment: '' },
    validate: validateWith<CommentValues>(transactionCommentSchema),
  });

  const submit = (values: CommentValues) =>
    write.mutate(
      { kind: 'comment', comment: values.comment.trim() },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('transactions.comments.added'));
        },
        onError: (error) => {
          form.setErrors(serverErrors(error));
          notifyError(error, t('transactions.comments.failed'));
        },
      },
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('transactions.comments.title')}
        </Title>
        {transaction.comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('transactions.comments.none')}
          </Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {transaction.comments.map((comment, index) => (
              <li key={index}>
                <Text size="xs" c="dimmed">
                  {t('transactions.comments.byline', {
                    who: source(comment.author),
                    date: instant(comment.createdDate),
                  })}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {comment.comment}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {canWrite && (
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack gap="xs">
              <NotesField
                label={t('transactions.comments.label')}
                minRows={2}
                maxRows={8}
                {...form.textProps('comment')}
              />
              <FormActions errors={form.errors}>
                <Button type="submit" size="sm" loading={write.isPending}>
                  {t('transactions.comments.submit')}
                </Button>
              </FormActions>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
