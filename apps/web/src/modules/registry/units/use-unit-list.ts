import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import type { RecordBrowserProps } from '../../../ui/record-browser';
import { useRecords } from '../registry-api';
import type { AdminList } from './admin-records-page';
import { ownerNames, peopleIndex, unitFilters, unitSearchText, unitSorts } from './unit-list';

/** A list that holds every unit and searches them itself, as the ledger's account pages show it. */
type HeldList<T extends UnitView> = Omit<
  RecordBrowserProps<T>,
  'selectedUuid' | 'hrefOf' | 'toolbar' | 'detail' | 'titleOf'
> & { titleOf: (record: T) => string };

/**
 * Every unit, by number, with their owners, found by number, floor, name or email: the
 * units/transactions list, which finds the transaction's unit among them. The people come along
 * for the owners' names and the search.
 */
export function useUnitList() {
  const { t } = useTranslation();
  const units = useRecords('units');
  const people = useRecords('people');
  const index = useMemo(() => peopleIndex(people.data), [people.data]);
  const searchTextOf = useCallback((unit: UnitView) => unitSearchText(unit, index), [index]);
  const today = useBuildingToday();
  // Owners read their own units only: the managers' filters are not for them.
  const manager = useBuildingShell().can('registry.read.all');
  const filters = useMemo(() => unitFilters(today, manager), [today, manager]);
  const list: HeldList<UnitView> = {
    label: t('units.info.list'),
    items: units.data,
    error: units.error,
    onRetry: () => void units.refetch(),
    searchTextOf,
    titleOf: (unit) => t('units.unitTitle', { number: unit.number }),
    subtitleOf: (unit) => ownerNames(unit, index).join(', ') || t('units.noOwner'),
    sorts: unitSorts,
    filters,
  };
  return { units, people, index, list };
}

/**
 * The units as units/info and admin/units list them, a page at a time: by number, with their
 * owners' names (the server names them), found by number, floor, name or email.
 */
export function useUnitRows(): AdminList<'units'> {
  const { t } = useTranslation();
  const today = useBuildingToday();
  // Owners read their own units only: the managers' filters are not for them.
  const manager = useBuildingShell().can('registry.read.all');
  const filters = useMemo(() => unitFilters(today, manager), [today, manager]);
  return {
    label: t('units.info.list'),
    titleOf: (unit) => t('units.unitTitle', { number: unit.number }),
    subtitleOf: (unit) => unit.ownerNames.join(', ') || t('units.noOwner'),
    sorts: unitSorts,
    filters,
  };
}
