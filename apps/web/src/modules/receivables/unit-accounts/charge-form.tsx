import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf, limits } from '@copro/domain';
import { notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { issuesToErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { useRecords } from '../../registry';
import {
  categoryOptions,
  newChargeValues,
  prepareCharge,
  type ChargeValues,
  type UnitChargeKind,
} from './charge-values';
import { DayInput, FormButtons, RefusalAlert, useRefusal } from './form-parts';
import { MoneyInput } from '../../../ui/money-input';
import { useUnitWrite } from './unit-accounts-api';

const fields = ['date', 'amount', 'categoryUuid', 'description'];

/**
 * DOMAIN 4: an invoice charges the unit (any charge besides its contributions), a credit note
 * credits it (a refund or a discount); the category is the other side of the entry.
 */
export function ChargeForm({
  unitUuid,
  kind,
  onDone,
}: {
  unitUuid: string;
  kind: UnitChargeKind;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, fiscalYear } = useBuildingShell();
  const categories = useRecords('categories');
  const options = useMemo(
    () => categoryOptions(categories.data ?? [], (parent) => t(`categories.parents.${parent}`)),
    [categories.data, t],
  );
  const today = useBuildingToday();
  const start = useMemo(() => newChargeValues(defaultEntryDate(today, fiscalYear)), [today, fiscalYear]);
  const form = useRecordForm<ChargeValues>(start, {
    validate: (values) => issuesToErrors(prepareCharge(unitUuid, kind, values).issues),
  });
  const write = useUnitWrite();
  const refusal = useRefusal(fields, t('unitActions.failed'));
  const ns = kind === 'unitInvoice' ? 'unitActions.invoice' : 'unitActions.creditNote';

  const submit = form.onSubmit((ready) => {
    const { input } = prepareCharge(unitUuid, kind, ready);
    if (!input) return;
    refusal.clear();
    write.mutate(
      { kind: 'charge', body: input },
      {
        onSuccess: () => {
          notifySuccess(t(`${ns}.saved`, { amount: formatMoney(input.amount, building.currency, language) }));
          onDone();
        },
        onError: (error) => form.showErrors(refusal.onError(error)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t(`${ns}.intro`)}
        </Text>
        <SimpleGrid type="container" cols={{ base: 1, '480px': 2 }} spacing="sm" verticalSpacing="sm">
          <DayInput label={t('unitActions.date')} {...form.text('date')} />
          <MoneyInput label={t('unitActions.amount')} {...form.text('amount')} data-autofocus />
        </SimpleGrid>
        <Select
          label={t('unitActions.category')}
          description={t(`${ns}.categoryHint`)}
          placeholder={t('unitActions.pickCategory')}
          required
          searchable
          nothingFoundMessage={t('unitActions.noCategoryFound')}
          data={options}
          value={form.values.categoryUuid || null}
          onChange={(value) => form.setValue('categoryUuid', value ?? '')}
          error={form.errors.categoryUuid}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('unitActions.description')}
          required
          maxLength={limits.displayName}
          {...form.text('description')}
        />
        <RefusalAlert issues={refusal.general} />
        <FormButtons
          submitLabel={t(`${ns}.submit`)}
          pending={write.isPending}
          onCancel={onDone}
          errors={form.errors}
        />
      </Stack>
    </form>
  );
}
