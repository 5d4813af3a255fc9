import { useMemo, useState } from 'react';
import { Alert, Button, Group, List, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, maxPeoplePerRole, saleBalanceOptions } from '@copro/domain';
import { notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney } from '../../../ui/format';
import { issuesToErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { useRecords } from '../../registry';
import { personOption, searchFilter } from '../../registry';
import { formatDay } from '../../../ui/ledger-format';
import { personName, sortedPeople } from '../../registry';
import { DayInput, FormButtons, RefusalAlert, useRefusal } from './form-parts';
import { newSaleValues, prepareSale, type SaleValues } from './sale-values';
import { currentAccount } from './account-periods';
import { useUnitAccounts, useUnitAccountWrite } from './unit-accounts-api';

const fields = ['date', 'newOwners', 'balance'];

/**
 * DOMAIN 6: a sale. From its date on, the unit's transactions go to a new account of the new
 * owners; the balance is carried to them or left with the former owners. Confirmed before it is
 * recorded, since a sale is not undone.
 */
export function SaleForm({
  unitUuid,
  unitTitle,
  onDone,
}: {
  unitUuid: string;
  /** "Unit 201", for the confirmation. */
  unitTitle: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, fiscalYear } = useBuildingShell();
  const people = useRecords('people');
  const accounts = useUnitAccounts(unitUuid);
  const balance = currentAccount(accounts.data ?? [])?.balance;
  const options = useMemo(
    () =>
      sortedPeople(people.data ?? [])
        .filter((p) => !p.archived)
        .map(personOption),
    [people.data],
  );
  const today = useBuildingToday();
  const start = useMemo(() => newSaleValues(defaultEntryDate(today, fiscalYear)), [today, fiscalYear]);
  const form = useRecordForm<SaleValues>(start, {
    validate: (values) => issuesToErrors(prepareSale(values).issues),
  });
  const write = useUnitAccountWrite(unitUuid);
  const refusal = useRefusal(fields, t('unitSale.failed'));
  const [confirming, setConfirming] = useState(false);
  const values = form.values;
  const money = (cents: number) => formatMoney(cents, building.currency, language);
  const names = values.newOwners.map((uuid) => {
    const person = people.data?.find((p) => p.uuid === uuid);
    return person ? personName(person) : t('units.people.unknown');
  });

  const submit = form.onSubmit((ready) => {
    const { input } = prepareSale(ready);
    if (!input) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    refusal.clear();
    write.mutate(
      { kind: 'sale', body: input },
      {
        onSuccess: () => {
          notifySuccess(t('unitSale.saved', { unit: unitTitle, date: formatDay(input.date, language) }));
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          form.showErrors(refusal.onError(error));
        },
      },
    );
  });

  if (confirming)
    return (
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('unitSale.confirm.warning')}
          </Alert>
          <List size="sm" spacing={6}>
            <List.Item>
              {t('unitSale.confirm.date', { unit: unitTitle, date: formatDay(values.date, language) })}
            </List.Item>
            <List.Item>{t('unitSale.confirm.owners', { owners: names.join(', ') })}</List.Item>
            <List.Item>{t(`unitSale.balance.${values.balance}.explain`)}</List.Item>
          </List>
          <RefusalAlert issues={refusal.general} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={write.isPending}>
              {t('unitSale.confirm.back')}
            </Button>
            <Button type="submit" color="orange" loading={write.isPending} data-autofocus>
              {t('unitSale.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('unitSale.intro')}
        </Text>
        <DayInput
          label={t('unitSale.date')}
          description={t('unitSale.dateHint')}
          {...form.text('date')}
          data-autofocus
        />
        <MultiSelect
          label={t('unitSale.newOwners')}
          description={t('unitSale.newOwnersHint')}
          placeholder={values.newOwners.length === 0 ? t('unitSale.searchPeople') : undefined}
          required
          searchable
          filter={searchFilter}
          limit={50}
          maxValues={maxPeoplePerRole}
          nothingFoundMessage={t('unitSale.noPersonFound')}
          data={options}
          value={values.newOwners}
          onChange={(next) => form.setValue('newOwners', next)}
          error={form.firstErrorAt('newOwners')}
        />
        <Radio.Group
          label={t('unitSale.balanceLabel')}
          description={
            balance !== undefined && balance !== 0
              ? t(balance > 0 ? 'unitSale.balanceOwes' : 'unitSale.balanceCredit', {
                  amount: money(Math.abs(balance)),
                })
              : undefined
          }
          required
          value={values.balance}
          onChange={(next) => {
            const option = saleBalanceOptions.find((o) => o === next);
            if (option) form.setValue('balance', option);
          }}
          error={form.errors.balance}
        >
          <Stack gap="sm" mt="xs">
            {saleBalanceOptions.map((option) => (
              <Radio
                key={option}
                value={option}
                label={t(`unitSale.balance.${option}.label`)}
                description={t(`unitSale.balance.${option}.explain`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <RefusalAlert issues={refusal.general} />
        <FormButtons
          submitLabel={t('unitSale.next')}
          pending={false}
          onCancel={onDone}
          errors={form.errors}
        />
      </Stack>
    </form>
  );
}
