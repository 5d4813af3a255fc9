import { useMemo, useState } from 'react';
import { Grid, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits, type BankView, type CategoryView, type TransactionView } from '@copro/domain';
import { ApiError } from '../../../app/api';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { compareText } from '../../../ui/compare';
import { issuesToErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { AccountSelect } from './account-select';
import { usePostTransaction } from './accounting-api';
import { newBankEntry, withBank, withType } from './bank-entry-changes';
import { BankEntryPreview } from './bank-entry-preview';
import { bankEntryRules, bankEntryTypes } from './bank-entry-rules';
import {
  isBankEntryType,
  prepareBankEntry,
  toBankEntryIssue,
  type BankEntryValues,
} from './bank-entry-values';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { FormSection } from '../../../ui/form-section';
import type { LedgerAccount } from './ledger-accounts';
import { PostedNotice } from '../../../ui/posted-notice';
import { SubmitRow } from '../../../ui/submit-row';
import { useBankEntryContext } from './use-bank-entry-context';

const validate = (values: BankEntryValues) => issuesToErrors(prepareBankEntry(values).issues);

/** DOMAIN 9 bank entries: interest, capital repaid, a transfer or a fee, as two balanced lines. */
export function BankEntryForm({
  accounts,
  banks,
  categories,
}: {
  accounts: readonly LedgerAccount[];
  /** The year's bank accounts still in use, at least one. */
  banks: readonly BankView[];
  categories: readonly CategoryView[];
}) {
  const { t } = useTranslation();
  const { building, fiscalYear } = useBuildingShell();
  const context = useBankEntryContext(accounts, banks, categories);
  const sortedBanks = useMemo(() => [...banks].sort((a, b) => compareText(a.name, b.name)), [banks]);
  const today = useBuildingToday();
  const start = useMemo(() => {
    const bank = banks.find((b) => String(b.aid) === building.defaultBankAccountAID) ?? sortedBanks[0];
    return newBankEntry(bank ? String(bank.aid) : '', 'fee', defaultEntryDate(today, fiscalYear), context);
  }, [banks, sortedBanks, building.defaultBankAccountAID, today, fiscalYear, context]);
  const form = useRecordForm(start, { validate });
  const post = usePostTransaction();
  const [posted, setPosted] = useState<TransactionView | null>(null);
  const values = form.values;
  const rule = bankEntryRules[values.type];
  const disabled = post.isPending;

  // Changing the type or the bank may move the other account and the description along.
  const apply = (next: BankEntryValues) => {
    for (const key of ['bank', 'type', 'counterpart', 'description'] as const)
      if (next[key] !== values[key]) form.setValue(key, next[key]);
  };

  const submit = form.onSubmit((ready) => {
    const { input } = prepareBankEntry(ready);
    if (!input) return;
    post.mutate(input, {
      onSuccess: (view) => {
        setPosted(view);
        form.settle(start);
      },
      onError: (error) => {
        const issues = error instanceof ApiError ? error.issues.filter((issue) => issue.path.length > 0) : [];
        form.showErrors(issuesToErrors(issues.map(toBankEntryIssue)));
        notifyError(error, t('accounting.bankEntries.failed'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={760}>
        {posted && (
          <PostedNotice
            message={t('accounting.bankEntries.posted', { description: posted.description })}
            transactionPath={`categories/transactions/${posted.uuid}`}
            onClose={() => setPosted(null)}
          />
        )}
        <FormSection title={t('accounting.bankEntries.entry')}>
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label={t('accounting.bankEntries.type')}
                required
                disabled={disabled}
                data={bankEntryTypes.map((type) => ({
                  value: type,
                  label: t(`accounting.bankEntries.types.${type}`),
                }))}
                value={values.type}
                onChange={(event) => {
                  const type = event.currentTarget.value;
                  if (isBankEntryType(type)) apply(withType(values, type, context));
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <NativeSelect
                label={t(
                  values.type === 'transfer'
                    ? 'accounting.bankEntries.bankFrom'
                    : 'accounting.bankEntries.bank',
                )}
                required
                disabled={disabled}
                data={sortedBanks.map((bank) => ({ value: String(bank.aid), label: bank.name }))}
                value={values.bank}
                onChange={(event) => apply(withBank(values, event.currentTarget.value, context))}
                error={form.errors.bank}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
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
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('accounting.bankEntries.amount')}
                required
                inputMode="decimal"
                autoComplete="off"
                rightSection={building.currency}
                rightSectionWidth={52}
                disabled={disabled}
                styles={{ input: { textAlign: 'right' } }}
                {...form.text('amount')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <AccountSelect
                accounts={accounts}
                kinds={rule.counterpartKinds}
                exclude={values.bank}
                label={t(`accounting.bankEntries.counterparts.${values.type}`)}
                value={values.counterpart}
                onChange={(aid) => form.setValue('counterpart', aid)}
                error={form.errors.counterpart}
                required
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t('accounting.description')}
                required
                maxLength={limits.displayName}
                disabled={disabled}
                {...form.text('description')}
              />
            </Grid.Col>
          </Grid>
          <BankEntryPreview values={values} accounts={accounts} />
        </FormSection>
        <SubmitRow label={t('accounting.bankEntries.submit')} errors={form.errors} pending={post.isPending} />
      </Stack>
    </form>
  );
}
