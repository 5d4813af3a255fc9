import { useMemo, useState } from 'react';
import { notifyError } from '../../../app/notify';
import { Grid, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { limits, type TransactionView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormSection } from '../../../ui/form-section';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { SubmitRow } from '../../../ui/submit-row';
import { useLedgerFormat } from '../../ledger';
import { MoneyInput } from '../../../ui/money-input';
import { usePaymentWrite } from './payments-api';
import { PostedNotice } from '../../../ui/posted-notice';
import type { PaymentLookups } from './use-payment-lookups';
import { UnitSelect } from './unit-select';
import { newWireTransferValues, prepareWireTransfer, type WireTransferValues } from './wire-transfer-values';

const validate = (values: WireTransferValues) => issuesToErrors(prepareWireTransfer(values).issues);

/** A wire transfer received from a unit: posted to the bank and the unit at once. */
export function WireTransferForm({ lookups }: { lookups: PaymentLookups }) {
  const { t } = useTranslation();
  const { fiscalYear } = useBuildingShell();
  const { money } = useLedgerFormat();
  const start = useMemo(
    () => newWireTransferValues(lookups.today, lookups.defaultBankUuid),
    [lookups.today, lookups.defaultBankUuid],
  );
  // After a save the form starts again from this, keeping the date and the bank.
  const [blank, setBlank] = useState(start);
  const form = useRecordForm(blank, { validate });
  const save = usePaymentWrite('wireTransfer');
  const [posted, setPosted] = useState<{ transaction: TransactionView; message: string } | null>(null);
  const pending = save.isPending;

  const submit = form.onSubmit((values) => {
    const { input } = prepareWireTransfer(values);
    if (!input) return;
    const unit = lookups.units.find((candidate) => candidate.uuid === input.unitUuid)?.number ?? '';
    save.mutate(
      { body: input },
      {
        onSuccess: (transaction) => {
          setPosted({
            transaction,
            message: t('payments.wireTransfers.saved', { unit, amount: money(input.amount) }),
          });
          const next = { ...start, date: values.date, bankUuid: values.bankUuid };
          setBlank(next);
          form.settle(next);
        },
        onError: (error) => {
          form.showErrors(serverErrors(error));
          notifyError(error, t('payments.wireTransfers.saveFailed'));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {posted && (
          <PostedNotice
            message={posted.message}
            transactionPath={`units/transactions/${posted.transaction.uuid}`}
            onClose={() => setPosted(null)}
          />
        )}
        <FormSection title={t('payments.wireTransfers.newTitle')}>
          <Grid gutter="sm">
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <UnitSelect
                units={lookups.units}
                value={form.values.unitUuid}
                onChange={(uuid) => form.setValue('unitUuid', uuid)}
                error={form.errors.unitUuid}
                disabled={pending}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <NativeSelect
                label={t('payments.fields.bank')}
                required
                disabled={pending}
                data={[
                  ...(form.values.bankUuid === ''
                    ? [{ value: '', label: t('payments.fields.chooseBank') }]
                    : []),
                  ...lookups.banks.map((bank) => ({ value: bank.uuid, label: bank.name })),
                ]}
                {...form.text('bankUuid')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <MoneyInput label={t('payments.fields.amount')} disabled={pending} {...form.text('amount')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
              <TextInput
                type="date"
                label={t('payments.fields.date')}
                required
                min={fiscalYear.startDate}
                max={fiscalYear.endDate}
                disabled={pending}
                {...form.text('date')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <TextInput
                label={t('payments.fields.reference')}
                description={t('payments.wireTransfers.referenceHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={limits.shortName}
                autoComplete="off"
                disabled={pending}
                {...form.text('reference')}
              />
            </Grid.Col>
          </Grid>
        </FormSection>
        <SubmitRow label={t('payments.wireTransfers.submit')} errors={form.errors} pending={pending} />
      </Stack>
    </form>
  );
}
