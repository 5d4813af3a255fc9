import { useMemo } from 'react';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { compareText } from '../../../ui/compare';
import { defaultEntryDate } from '../../../ui/entry-date';
import { useRecords } from '../../registry';

/**
 * What the invoice pages pick from: the year's suppliers (by name) and expense categories (an
 * invoice's lines go to expenses), and the day a new entry is dated.
 */
export function useInvoiceLookups() {
  const { fiscalYear } = useBuildingShell();
  const today = useBuildingToday();
  const suppliers = useRecords('suppliers');
  const categories = useRecords('categories');
  const sortedSuppliers = useMemo(
    () => [...(suppliers.data ?? [])].sort((a, b) => compareText(a.name, b.name)),
    [suppliers.data],
  );
  const expenseCategories = useMemo(
    () =>
      (categories.data ?? [])
        .filter((category) => category.parent === 'expenses')
        .sort((a, b) => compareText(a.name, b.name)),
    [categories.data],
  );
  return {
    /** Archived ones too: an old invoice names its supplier by name. */
    suppliers: sortedSuppliers,
    activeSuppliers: sortedSuppliers.filter((supplier) => !supplier.archived),
    expenseCategories,
    today: defaultEntryDate(today, fiscalYear),
    error: suppliers.error ?? categories.error,
    loading: !suppliers.data || !categories.data,
    retry: () => {
      void suppliers.refetch();
      void categories.refetch();
    },
  };
}

export type InvoiceLookups = ReturnType<typeof useInvoiceLookups>;

/** Writes are offered to finance writers in a year that is not archived (SPEC 4, 6). */
export function useCanWritePayables(): boolean {
  const { can, readOnly } = useBuildingShell();
  return can('finance.write') && !readOnly;
}
