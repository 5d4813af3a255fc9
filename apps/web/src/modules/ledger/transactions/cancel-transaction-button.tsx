import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cancelTransactionSchema, type TransactionView } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { serverErrors, validateWith } from '../../../ui/form-validation';
import { RecordFormModal } from '../../../ui/record-panel';
import { Translated } from '../../../ui/translated';
import { useForm } from '../../../ui/use-form';
import { FormActions } from '../../../ui/form-actions';
import { NotesField } from '../../../ui/notes-field';
import { useTransactionWrite } from './transactions-api';

type CancelValues = { reason: string };

/**
 * DOMAIN 1: nothing posted is edited or deleted; it is cancelled, with a reason, and stays
 * visible. The page shows the cancelled transaction as soon as the server answers.
 */
export function CancelTransactionButton({ transaction }: { transaction: TransactionView }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // A refusal about the transaction itself (already cancelled by someone else), not a field.
  const [refusal, setRefusal] = useState<{ key: string; params?: Record<string, string | number> } | null>(
    null,
  );
  const write = useTransactionWrite(transaction.uuid);
  const form = useForm<CancelValues>({
    initialValues: { reason: '' },
    validate: validateWith<CancelValues>(cancelTransactionSchema),
  });
  const close = () => {
    setOpened(false);
    setRefusal(null);
    form.reset();
  };

  const submit = (values: CancelValues) =>
    write.mutate(
      { kind: 'cancel', reason: values.reason.trim() },
      {
        onSuccess: () => {
          close();
          notifySuccess(t('transactions.cancel.done'));
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.issues.find((i) => i.path.length === 0) : undefined;
          if (issue) setRefusal({ key: issue.key, ...(issue.params ? { params: issue.params } : {}) });
          form.setErrors(serverErrors(error));
          notifyError(error, t('transactions.cancel.failed'));
        },
      },
    );

  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconBan size={14} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('transactions.cancel.action')}
      </Button>
      <RecordFormModal opened={opened} onClose={close} title={t('transactions.cancel.title')}>
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('transactions.cancel.body', { description: transaction.description })}</Text>
            {refusal && (
              <Alert color="red" role="alert">
                <Translated k={refusal.key} params={refusal.params} />
              </Alert>
            )}
            <NotesField
              label={t('transactions.cancel.reason')}
              required
              minRows={2}
              maxRows={6}
              data-autofocus
              {...form.textProps('reason')}
            />
            <FormActions errors={form.errors}>
              <Button variant="default" onClick={close}>
                {t('transactions.cancel.keep')}
              </Button>
              <Button type="submit" color="red" loading={write.isPending}>
                {t('transactions.cancel.confirm')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </RecordFormModal>
    </>
  );
}
