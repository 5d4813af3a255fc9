import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Flex,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  languageOf,
  limits,
  supplierPaymentMethods,
  type BankView,
  type SupplierPayables,
  type SupplierPaymentSaved,
  type SupplierPaymentView,
  type SupplierView,
} from '@copro/domain';
import { notifyError } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { amountStyle } from '../../../ui/amount-style';
import { defaultEntryDate } from '../../../ui/entry-date';
import { FormActions } from '../../../ui/form-actions';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { MoneyInput } from '../../../ui/money-input';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { ButtonLink } from '../../../ui/router-link';
import { useRecordForm, type RecordForm } from '../../../ui/use-record-form';
import { useLedgerFormat } from '../../ledger';
import { useRecords } from '../../registry';
import { useCreatePayment, useSupplierPayables } from './payments-api';
import { approvalsMissing } from './decision-values';
import {
  defaultBankUuid,
  defaultPaymentMethod,
  newPayInvoicesValues,
  payingBanks,
  paymentTotals,
  preparePayment,
  withCreditNoteUsed,
  type PayInvoicesValues,
} from './pay-values';

const validate = (values: PayInvoicesValues) => issuesToErrors(preparePayment(values).issues);

/**
 * DOMAIN 7: pays invoices of one supplier chosen on the invoices page, in full or in part, with
 * the supplier's credit notes if wanted. The payment is posted at once, or waits for the
 * approvers; a payment that would take the bank under the building's threshold asks first.
 */
export function PayInvoicesDialog({
  opened,
  onClose,
  supplierUuid,
  invoiceUuids,
}: {
  opened: boolean;
  onClose: () => void;
  supplierUuid: string;
  invoiceUuids: string[];
}) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('paymentPages.pay.title')}>
      {opened && (
        <PayInvoicesLoader supplierUuid={supplierUuid} invoiceUuids={invoiceUuids} onClose={onClose} />
      )}
    </RecordFormModal>
  );
}

/** The supplier's open invoices and credit notes, its record and the banks, before the form. */
function PayInvoicesLoader({
  supplierUuid,
  invoiceUuids,
  onClose,
}: {
  supplierUuid: string;
  invoiceUuids: string[];
  onClose: () => void;
}) {
  const payables = useSupplierPayables(supplierUuid);
  const banks = useRecords('banks');
  const suppliers = useRecords('suppliers');
  const error = payables.error ?? banks.error ?? suppliers.error;
  if (error)
    return (
      <QueryError
        error={error}
        onRetry={() => {
          void payables.refetch();
          void banks.refetch();
          void suppliers.refetch();
        }}
      />
    );
  if (!payables.data || !banks.data || !suppliers.data) return <PageLoader />;
  return (
    <PayInvoicesStart
      payables={payables.data}
      banks={banks.data}
      supplier={suppliers.data.find((s) => s.uuid === supplierUuid)}
      invoiceUuids={invoiceUuids}
      onClose={onClose}
    />
  );
}

function PayInvoicesStart({
  payables,
  banks,
  supplier,
  invoiceUuids,
  onClose,
}: {
  payables: SupplierPayables;
  banks: BankView[];
  supplier: SupplierView | undefined;
  invoiceUuids: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  // Computed once: the live refresh of the supplier's invoices must not reset what is being typed.
  const [start] = useState(() =>
    newPayInvoicesValues({
      payables,
      invoiceUuids,
      bankUuid: defaultBankUuid(banks, building.defaultBankAccountAID),
      date: defaultEntryDate(today, fiscalYear),
      paymentMethod: defaultPaymentMethod(supplier?.paymentMethod),
      language,
    }),
  );
  const [saved, setSaved] = useState<SupplierPaymentView | null>(null);

  if (saved) return <PaymentSaved payment={saved} onClose={onClose} />;
  return (
    <Stack gap="md">
      {start.missing > 0 && (
        <Alert color="yellow" variant="light">
          <Text size="sm">{t('paymentPages.pay.missingInvoices', { count: start.missing })}</Text>
        </Alert>
      )}
      {start.values.invoices.length === 0 ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('paymentPages.actions.close')}
          </Button>
        </Group>
      ) : (
        <PayInvoicesForm
          start={start.values}
          supplierName={supplier?.name ?? payables.unpaidInvoices[0]?.supplierName ?? ''}
          banks={payingBanks(banks)}
          onSaved={setSaved}
          onClose={onClose}
        />
      )}
    </Stack>
  );
}

/** The payment just saved: posted, or waiting for its approvals. */
function PaymentSaved({ payment, onClose }: { payment: SupplierPaymentView; onClose: () => void }) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const { money } = useLedgerFormat();
  const waiting = payment.status === 'pending';
  const params = { amount: money(payment.amount), supplier: payment.supplierName };
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        <Text size="sm">
          {waiting
            ? t('paymentPages.pay.waiting', { ...params, count: approvalsMissing(payment) })
            : t('paymentPages.pay.posted', params)}
        </Text>
      </Alert>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
        <ButtonLink to={href('payments/approval')} variant="default">
          {t('paymentPages.pay.seeApprovals')}
        </ButtonLink>
        <Button onClick={onClose}>{t('paymentPages.actions.close')}</Button>
      </Flex>
    </Stack>
  );
}

/** The warning that the bank would go under the building's threshold, with the way to go on. */
function LowBalanceWarning({
  warning,
  pending,
  onConfirm,
}: {
  warning: NonNullable<SupplierPaymentSaved['lowBalance']>;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('paymentPages.pay.lowBalanceTitle')}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {t('paymentPages.pay.lowBalance', {
            bank: warning.bankName,
            balance: money(warning.balanceAfter),
            threshold: money(warning.threshold),
          })}
        </Text>
        <Button color="orange" onClick={onConfirm} loading={pending}>
          {t('paymentPages.pay.payAnyway')}
        </Button>
      </Stack>
    </Alert>
  );
}

function InvoiceRows({ form, pending }: { form: RecordForm<PayInvoicesValues>; pending: boolean }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('paymentPages.pay.invoices')}
      </Text>
      {form.values.invoices.map((row, index) => (
        <Paper key={row.invoiceUuid} withBorder radius="sm" p="xs">
          <Grid gutter="xs" align="center">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {t('paymentPages.pay.invoiceNumber', { number: row.number })}
              </Text>
              <Text size="xs" c="dimmed" style={amountStyle}>
                {t('paymentPages.pay.unpaid', { amount: money(row.open) })}
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <MoneyInput
                label={t('paymentPages.pay.amountToPay')}
                aria-label={t('paymentPages.pay.amountToPayFor', { number: row.number })}
                disabled={pending}
                {...form.text(`invoices.${index}.amount`)}
              />
            </Grid.Col>
          </Grid>
        </Paper>
      ))}
      {form.errors.invoices && (
        <Text size="sm" c="red">
          {form.errors.invoices}
        </Text>
      )}
    </Stack>
  );
}

function CreditNoteRows({ form, pending }: { form: RecordForm<PayInvoicesValues>; pending: boolean }) {
  const { t, i18n } = useTranslation();
  const { money } = useLedgerFormat();
  if (form.values.creditNotes.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('paymentPages.pay.creditNotes')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('paymentPages.pay.creditNotesHint')}
      </Text>
      {form.values.creditNotes.map((row, index) => (
        <Paper key={row.invoiceUuid} withBorder radius="sm" p="xs">
          <Grid gutter="xs" align="center">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Checkbox
                label={t('paymentPages.pay.useCreditNote', { number: row.number })}
                description={t('paymentPages.pay.unused', { amount: money(row.open) })}
                checked={row.use}
                disabled={pending}
                onChange={(event) => {
                  const next = withCreditNoteUsed(
                    form.values,
                    index,
                    event.currentTarget.checked,
                    languageOf(i18n.language),
                  );
                  form.setValue(`creditNotes.${index}`, next.creditNotes[index]);
                }}
              />
            </Grid.Col>
            {row.use && (
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <MoneyInput
                  label={t('paymentPages.pay.creditToUse')}
                  aria-label={t('paymentPages.pay.creditToUseFor', { number: row.number })}
                  disabled={pending}
                  {...form.text(`creditNotes.${index}.amount`)}
                />
              </Grid.Col>
            )}
          </Grid>
        </Paper>
      ))}
      {form.errors.creditNotes && (
        <Text size="sm" c="red">
          {form.errors.creditNotes}
        </Text>
      )}
    </Stack>
  );
}

function Totals({ values }: { values: PayInvoicesValues }) {
  const { t } = useTranslation();
  const { money } = useLedgerFormat();
  const totals = paymentTotals(values);
  const rows = [
    { label: t('paymentPages.pay.totalInvoices'), amount: totals.invoices },
    ...(totals.creditNotes > 0
      ? [{ label: t('paymentPages.pay.totalCreditNotes'), amount: -totals.creditNotes }]
      : []),
  ];
  return (
    <Stack gap={4} aria-live="polite">
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm">{row.label}</Text>
          <Text size="sm" style={amountStyle}>
            {money(row.amount)}
          </Text>
        </Group>
      ))}
      <Divider />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700}>{t('paymentPages.pay.totalFromBank')}</Text>
        <Text fw={700} style={amountStyle} data-testid="payment-total">
          {money(totals.fromBank)}
        </Text>
      </Group>
    </Stack>
  );
}

function PayInvoicesForm({
  start,
  supplierName,
  banks,
  onSaved,
  onClose,
}: {
  start: PayInvoicesValues;
  supplierName: string;
  banks: BankView[];
  onSaved: (payment: SupplierPaymentView) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const form = useRecordForm(start, { validate });
  const save = useCreatePayment();
  const pending = save.isPending;
  // The warning belongs to the values it was given for; a change asks the server again.
  const [warning, setWarning] = useState<{
    values: string;
    lowBalance: NonNullable<SupplierPaymentSaved['lowBalance']>;
  } | null>(null);
  const valuesText = useMemo(() => JSON.stringify(form.values), [form.values]);
  const shownWarning = warning?.values === valuesText ? warning.lowBalance : null;

  const send = (values: PayInvoicesValues, acceptLowBalance: boolean) => {
    const { input } = preparePayment(values);
    if (!input) return;
    save.mutate(acceptLowBalance ? { ...input, acceptLowBalance } : input, {
      onSuccess: (answer) => {
        if (answer.payment) onSaved(answer.payment);
        else if (answer.lowBalance)
          setWarning({ values: JSON.stringify(values), lowBalance: answer.lowBalance });
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('paymentPages.pay.failed'));
      },
    });
  };

  const submit = form.onSubmit((values) => send(values, false));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Text size="xs" c="dimmed">
            {t('paymentPages.fields.supplier')}
          </Text>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {supplierName}
          </Text>
        </div>
        <InvoiceRows form={form} pending={pending} />
        <CreditNoteRows form={form} pending={pending} />
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('paymentPages.fields.bank')}
              required
              disabled={pending}
              data={[
                ...(form.values.bankUuid === ''
                  ? [{ value: '', label: t('paymentPages.pay.chooseBank') }]
                  : []),
                ...banks.map((bank) => ({ value: bank.uuid, label: bank.name })),
              ]}
              {...form.text('bankUuid')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="date"
              label={t('paymentPages.fields.date')}
              required
              min={fiscalYear.startDate}
              max={fiscalYear.endDate}
              disabled={pending}
              {...form.text('date')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('paymentPages.fields.method')}
              required
              disabled={pending}
              data={supplierPaymentMethods.map((method) => ({
                value: method,
                label: t(`admin.paymentMethods.${method}`),
              }))}
              {...form.text('paymentMethod')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('paymentPages.fields.memo')}
              maxLength={limits.displayName}
              autoComplete="off"
              disabled={pending}
              {...form.text('memo')}
            />
          </Grid.Col>
        </Grid>
        <Totals values={form.values} />
        {shownWarning && (
          <LowBalanceWarning
            warning={shownWarning}
            pending={pending}
            onConfirm={() => {
              const { input, issues } = preparePayment(form.values);
              if (input) send(form.values, true);
              else form.showErrors(issuesToErrors(issues));
            }}
          />
        )}
        <FormActions errors={form.errors}>
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('paymentPages.actions.cancel')}
          </Button>
          {!shownWarning && (
            <Button type="submit" loading={pending}>
              {t('paymentPages.pay.submit')}
            </Button>
          )}
        </FormActions>
      </Stack>
    </form>
  );
}
