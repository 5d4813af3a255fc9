import { useMemo } from 'react';
import { useBuildingShell } from '../../../app/shell/building-context';
import { compareNumbers, compareText } from '../../../ui/compare';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useRecords } from '../../registry';

/**
 * What the payment forms pick from: the year's units (by number) and banks still in use (by
 * name), the building's default bank, and the day a new entry is dated.
 */
export function usePaymentLookups() {
  const { building, fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const units = useRecords('units');
  const banks = useRecords('banks');
  const sortedUnits = useMemo(
    () =>
      (units.data ?? []).filter((unit) => !unit.archived).sort((a, b) => compareNumbers(a.number, b.number)),
    [units.data],
  );
  const sortedBanks = useMemo(
    () => (banks.data ?? []).filter((bank) => !bank.archived).sort((a, b) => compareText(a.name, b.name)),
    [banks.data],
  );
  const defaultBank =
    sortedBanks.find((bank) => String(bank.aid) === building.defaultBankAccountAID) ?? sortedBanks[0];
  return {
    units: sortedUnits,
    banks: sortedBanks,
    allBanks: banks.data ?? [],
    defaultBankUuid: defaultBank?.uuid ?? '',
    today: defaultEntryDate(today, fiscalYear),
    error: units.error ?? banks.error,
    loading: !units.data || !banks.data,
    retry: () => {
      void units.refetch();
      void banks.refetch();
    },
  };
}

export type PaymentLookups = ReturnType<typeof usePaymentLookups>;

/** Writes are offered to finance writers in a year that is not archived (SPEC 4, 6). */
export function useCanWritePayments(): boolean {
  const { can, readOnly } = useBuildingShell();
  return can('finance.write') && !readOnly;
}
