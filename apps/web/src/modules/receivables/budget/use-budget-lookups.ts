import { useMemo } from 'react';
import type { LockerView, ParkingView, UnitView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useRecords } from '../../registry';
import { budgetCategories, type BudgetCategories } from './budget-categories';

export interface BudgetLookups {
  /** Null for those who cannot read the chart of accounts (owners, unless the books are open to them). */
  categories: BudgetCategories | null;
  units: readonly UnitView[];
  parkings: readonly ParkingView[];
  lockers: readonly LockerView[];
  numberOf: (kind: 'parkings' | 'lockers', uuid: string) => string | undefined;
}

/**
 * The registry the budget names: categories, and the members a contribution can target. Each list
 * is asked for only when the user may read it; `pending` holds while one of those is loading.
 */
export function useBudgetLookups(): {
  lookups: BudgetLookups;
  pending: boolean;
  error: unknown;
  retry: () => void;
} {
  const { can } = useBuildingShell();
  const categories = useRecords('categories', { enabled: can('categories.read') });
  const units = useRecords('units', { enabled: can('units.read') });
  const parkings = useRecords('parkings', { enabled: can('parkings.read') });
  const lockers = useRecords('lockers', { enabled: can('lockers.read') });
  const queries = [categories, units, parkings, lockers];
  const lookups = useMemo((): BudgetLookups => {
    const numbers = new Map<string, string>();
    for (const record of [...(parkings.data ?? []), ...(lockers.data ?? [])])
      numbers.set(record.uuid, record.number);
    return {
      categories: categories.data ? budgetCategories(categories.data) : null,
      units: units.data ?? [],
      parkings: parkings.data ?? [],
      lockers: lockers.data ?? [],
      numberOf: (_kind, uuid) => numbers.get(uuid),
    };
  }, [categories.data, units.data, parkings.data, lockers.data]);
  return {
    lookups,
    // A query that is not asked for is pending too, but never fetches: only a fetch is waited for.
    pending: queries.some((query) => query.isPending && query.fetchStatus !== 'idle'),
    error: queries.find((query) => query.error)?.error ?? null,
    retry: () => queries.forEach((query) => query.error && void query.refetch()),
  };
}
