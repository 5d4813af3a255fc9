import { useMemo } from 'react';
import { Alert, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, limits, unitPaymentMethods } from '@copro/domain';
import { notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { issuesToErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { useRecords } from '../../registry';
import { DayInput, FormButtons, RefusalAlert, useRefusal } from './form-parts';
import { MoneyInput } from '../../../ui/money-input';
import { NotesField } from '../../../ui/notes-field';
import {
  activeBanks,
  defaultBankUuid,
  isUnitPaymentMethod,
  newPaymentValues,
  paymentNeedsBank,
  preparePayment,
  type PaymentValues,
  type UnitPaymentMethod,
} from './payment-values';
import { useUnitWrite } from './unit-accounts-api';

const fields = ['paymentMethod', 'date', 'amount', 'bankUuid', 'checkNumber', 'description', 'notes'];

/**
 * DOMAIN 4: a payment received for the unit. A check is only recorded here: it waits for its
 * deposit; the other methods reach the chosen bank at once.
 */
export function PaymentForm({
  unitUuid,
  method,
  onDone,
}: {
  unitUuid: string;
  /** The method the form starts with (pre-authorized debit for a payment made outside Copro). */
  method: UnitPaymentMethod;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, fiscalYear } = useBuildingShell();
  const banks = useRecords('banks');
  const usable = useMemo(() => activeBanks(banks.data ?? []), [banks.data]);
  const today = useBuildingToday();
  const start = useMemo(
    () =>
      newPaymentValues(
        defaultEntryDate(today, fiscalYear),
        method,
        defaultBankUuid(banks.data ?? [], building.defaultBankAccountAID),
      ),
    [today, fiscalYear, method, banks.data, building.defaultBankAccountAID],
  );
  const form = useRecordForm<PaymentValues>(start, {
    validate: (values) => issuesToErrors(preparePayment(unitUuid, values).issues),
  });
  const write = useUnitWrite();
  const refusal = useRefusal(fields, t('unitActions.failed'));
  const values = form.values;
  const needsBank = paymentNeedsBank(values.paymentMethod);

  const submit = form.onSubmit((ready) => {
    const { input } = preparePayment(unitUuid, ready);
    if (!input) return;
    refusal.clear();
    write.mutate(
      { kind: 'payment', body: input },
      {
        onSuccess: () => {
          const amount = formatMoney(input.amount, building.currency, language);
          notifySuccess(
            input.paymentMethod === 'check'
              ? t('unitActions.payment.checkRecorded', { number: input.checkNumber ?? '', amount })
              : t('unitActions.payment.saved', { amount }),
          );
          onDone();
        },
        onError: (error) => form.showErrors(refusal.onError(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="sm" verticalSpacing="sm">
          <NativeSelect
            label={t('unitActions.payment.method')}
            required
            data={unitPaymentMethods.map((value) => ({ value, label: t(`admin.paymentMethods.${value}`) }))}
            value={values.paymentMethod}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isUnitPaymentMethod(next)) form.setValue('paymentMethod', next);
            }}
            error={form.errors.paymentMethod}
            data-autofocus
          />
          <DayInput label={t('unitActions.date')} {...form.text('date')} />
          <MoneyInput label={t('unitActions.amount')} {...form.text('amount')} />
          {needsBank ? (
            <NativeSelect
              label={t('unitActions.payment.bank')}
              required
              data={[
                { value: '', label: t('unitActions.payment.pickBank'), disabled: true },
                ...usable.map((bank) => ({ value: bank.uuid, label: bank.name })),
              ]}
              {...form.text('bankUuid')}
            />
          ) : (
            <TextInput
              label={t('unitActions.payment.checkNumber')}
              required
              autoComplete="off"
              maxLength={limits.shortName}
              {...form.text('checkNumber')}
            />
          )}
        </SimpleGrid>
        {!needsBank && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('unitActions.payment.checkWaits')}
          </Alert>
        )}
        <TextInput
          label={t('unitActions.description')}
          description={t('unitActions.payment.descriptionHint')}
          maxLength={limits.displayName}
          {...form.text('description')}
        />
        <NotesField label={t('unitActions.notes')} minRows={2} maxRows={6} {...form.text('notes')} />
        <RefusalAlert issues={refusal.general} />
        <FormButtons
          submitLabel={t(needsBank ? 'unitActions.payment.submit' : 'unitActions.payment.submitCheck')}
          pending={write.isPending}
          onCancel={onDone}
          errors={form.errors}
        />
      </Stack>
    </form>
  );
}
