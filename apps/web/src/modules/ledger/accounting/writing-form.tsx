import { useMemo, useState } from 'react';
import { Grid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits, type TransactionView } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { issuesToErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { usePostTransaction } from './accounting-api';
import { BalanceCheck } from './balance-check';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { FormSection } from '../../../ui/form-section';
import type { LedgerAccount } from './ledger-accounts';
import { PostedNotice } from '../../../ui/posted-notice';
import { SubmitRow } from '../../../ui/submit-row';
import { WritingLines } from './writing-lines';
import { WritingTaxes } from './writing-taxes';
import { balanceOf, newWriting, prepareWriting, toFormIssue, type WritingValues } from './writing-values';

const validate = (values: WritingValues) => issuesToErrors(prepareWriting(values).issues);

/** SPEC 2 accountant writings: a general-journal entry over any accounts, recorded once it balances. */
export function WritingForm({ accounts }: { accounts: readonly LedgerAccount[] }) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const start = useMemo(() => newWriting(defaultEntryDate(today, fiscalYear)), [today, fiscalYear]);
  const form = useRecordForm(start, { validate });
  const post = usePostTransaction();
  const [posted, setPosted] = useState<TransactionView | null>(null);
  const balance = balanceOf(form.values.lines);
  const disabled = post.isPending;

  const submit = form.onSubmit((values) => {
    const { input, lineOf } = prepareWriting(values);
    if (!input) return;
    post.mutate(input, {
      onSuccess: (view) => {
        setPosted(view);
        form.settle(start);
      },
      onError: (error) => {
        const issues = error instanceof ApiError ? error.issues.filter((issue) => issue.path.length > 0) : [];
        form.showErrors(issuesToErrors(issues.map((issue) => toFormIssue(issue, lineOf))));
        notifyError(error, t('accounting.writing.failed'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={960}>
        {posted && (
          <PostedNotice
            message={t('accounting.writing.posted', { description: posted.description })}
            transactionPath={`categories/transactions/${posted.uuid}`}
            onClose={() => setPosted(null)}
          />
        )}
        <FormSection title={t('accounting.writing.entry')}>
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                type="date"
                label={t('accounting.date')}
                required
                min={fiscalYear.startDate}
                max={fiscalYear.endDate}
                disabled={disabled}
                {...form.text('date')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label={t('accounting.description')}
                required
                maxLength={limits.displayName}
                disabled={disabled}
                {...form.text('description')}
              />
            </Grid.Col>
          </Grid>
        </FormSection>
        <FormSection title={t('accounting.writing.lines')}>
          <WritingLines form={form} accounts={accounts} disabled={disabled} />
          <BalanceCheck balance={balance} error={form.errors.lines} />
        </FormSection>
        <FormSection title={t('accounting.taxes.title')}>
          <WritingTaxes form={form} disabled={disabled} />
        </FormSection>
        <SubmitRow label={t('accounting.writing.submit')} errors={form.errors} pending={post.isPending} />
      </Stack>
    </form>
  );
}
