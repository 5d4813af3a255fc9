import { useMemo, useState } from 'react';
import { notifyError } from '../../../app/notify';
import { Grid, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits, type CheckView, type DepositView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormSection } from '../../../ui/form-section';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { SubmitRow } from '../../../ui/submit-row';
import { amountStyle } from '../../../ui/amount-style';
import { useLedgerFormat } from '../../ledger';
import { DepositCheckPicker } from './deposit-check-picker';
import { CashLines, NewCheckLines } from './deposit-lines';
import {
  depositTotals,
  newDepositValues,
  prepareDeposit,
  withoutBlankLines,
  type DepositValues,
} from './deposit-values';
import { usePaymentWrite } from './payments-api';
import { PostedNotice } from '../../../ui/posted-notice';
import type { PaymentLookups } from './use-payment-lookups';

// Hints go under the boxes, so the boxes of a row line up.
const hintBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * DOMAIN 4: a deposit gathers recorded checks, checks handed in with it and cash, per unit; the
 * bank is debited by the total in one `unitPayment` transaction.
 */
export function DepositForm({ lookups, checks }: { lookups: PaymentLookups; checks: readonly CheckView[] }) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const { money } = useLedgerFormat();
  const start = useMemo(
    () => newDepositValues(lookups.today, lookups.defaultBankUuid, t('payments.deposit.defaultDescription')),
    [lookups.today, lookups.defaultBankUuid, t],
  );
  const validate = (values: DepositValues) => issuesToErrors(prepareDeposit(values, checks).issues);
  // After a save the form starts again, keeping the date and the bank; until then it follows the
  // defaults (the description changes with the language).
  const [kept, setKept] = useState<Pick<DepositValues, 'date' | 'bankUuid'> | null>(null);
  const blank = useMemo(() => (kept ? { ...start, ...kept } : start), [start, kept]);
  const form = useRecordForm(blank, { validate, prepare: withoutBlankLines });
  const save = usePaymentWrite('deposit');
  const [posted, setPosted] = useState<DepositView | null>(null);
  const pending = save.isPending;
  const values = form.values;
  const totals = depositTotals(values, checks);

  const submit = form.onSubmit((ready) => {
    const { input } = prepareDeposit(ready, checks);
    if (!input) return;
    save.mutate(
      { body: input },
      {
        onSuccess: (deposit) => {
          setPosted(deposit);
          const next = { date: ready.date, bankUuid: ready.bankUuid };
          setKept(next);
          form.settle({ ...start, ...next });
        },
        onError: (error) => {
          form.showErrors(serverErrors(error));
          notifyError(error, t('payments.deposit.saveFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {posted && (
          <PostedNotice
            message={t('payments.deposit.saved', { number: posted.number, total: money(posted.total) })}
            transactionPath={`banks/transactions/${posted.transactionUuid}`}
            onClose={() => setPosted(null)}
          />
        )}
        <FormSection title={t('payments.deposit.newTitle')}>
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput
                label={t('payments.fields.description')}
                required
                maxLength={limits.displayName}
                disabled={pending}
                {...form.text('description')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
              <TextInput
                label={t('payments.fields.depositNumber')}
                description={t('payments.deposit.numberHint')}
                inputWrapperOrder={hintBelow}
                maxLength={limits.shortName}
                autoComplete="off"
                disabled={pending}
                {...form.text('number')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
              <TextInput
                type="date"
                label={t('payments.fields.date')}
                description={t('payments.deposit.dateHint')}
                inputWrapperOrder={hintBelow}
                required
                min={fiscalYear.startDate}
                max={fiscalYear.endDate}
                disabled={pending}
                {...form.text('date')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
              <NativeSelect
                label={t('payments.fields.bank')}
                required
                disabled={pending}
                data={[
                  ...(values.bankUuid === '' ? [{ value: '', label: t('payments.fields.chooseBank') }] : []),
                  ...lookups.banks.map((bank) => ({ value: bank.uuid, label: bank.name })),
                ]}
                {...form.text('bankUuid')}
              />
            </Grid.Col>
          </Grid>
        </FormSection>
        <FormSection
          title={t('payments.deposit.recordedChecks')}
          description={t('payments.deposit.recordedHint')}
        >
          <DepositCheckPicker
            checks={checks}
            depositDate={values.date}
            field={form.field<string[]>('checkUuids')}
            error={form.firstErrorAt('checkUuids')}
            disabled={pending}
          />
        </FormSection>
        <FormSection
          title={t('payments.deposit.newChecks')}
          description={t('payments.deposit.newChecksHint')}
        >
          <NewCheckLines form={form} units={lookups.units} disabled={pending} />
        </FormSection>
        <FormSection title={t('payments.deposit.cash')}>
          <CashLines form={form} units={lookups.units} disabled={pending} />
        </FormSection>
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-live="polite">
            <Total label={t('payments.deposit.totalChecks')} cents={totals.checks} />
            <Total label={t('payments.deposit.totalNewChecks')} cents={totals.newChecks} />
            <Total label={t('payments.deposit.totalCash')} cents={totals.cash} />
            <Total label={t('payments.deposit.total', { count: totals.count })} cents={totals.total} strong />
          </SimpleGrid>
        </Paper>
        <SubmitRow label={t('payments.deposit.submit')} errors={form.errors} pending={pending} />
      </Stack>
    </form>
  );
}

function Total({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  const { money } = useLedgerFormat();
  return (
    <Group gap={2} style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} style={amountStyle}>
        {money(cents)}
      </Text>
    </Group>
  );
}
