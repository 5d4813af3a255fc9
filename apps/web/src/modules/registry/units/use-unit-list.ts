import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useBuildingToday } from '../../../app/shell/use-building-today';
import { useRecords } from '../registry-api';
import type { AdminList } from './admin-records-page';
import { ownerNames, peopleIndex, unitFilters, unitSearchText, unitSorts } from './unit-list';

/**
 * The units as units/info and admin/units list them: by number, with their owners, found by
 * number, floor, name or email. The people come along: the unit's page names its people.
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
  const list: AdminList<UnitView> = {
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
