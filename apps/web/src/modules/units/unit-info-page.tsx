import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonView, UnitView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { useRecords } from '../registry/registry-api';
import { NothingSelected } from './record-parts';
import { unitInfoRoute } from './routes';
import { UnitDetail } from './unit-detail';
import { localToday, ownerNames, peopleIndex, unitFilters, unitSearchText, unitSorts } from './unit-list';

/** units/info: every unit the user may read (owners: their own), one at a time on the right. */
export function UnitInfoPage() {
  const { t } = useTranslation();
  const { unitUUID } = unitInfoRoute.useParams();
  const { href } = useBuildingShell();
  const units = useRecords<UnitView>('units');
  const people = useRecords<PersonView>('people');
  const index = useMemo(() => peopleIndex(people.data), [people.data]);
  const searchTextOf = useCallback((unit: UnitView) => unitSearchText(unit, index), [index]);
  const today = localToday();
  const filters = useMemo(() => unitFilters(today), [today]);
  const hrefOf = useCallback((uuid?: string) => href(uuid ? `units/info/${uuid}` : 'units/info'), [href]);
  const selected = unitUUID ? units.data?.find((unit) => unit.uuid === unitUUID) : undefined;

  return (
    <Page title={t('units.info.title')}>
      <RecordBrowser
        label={t('units.info.list')}
        items={units.data}
        error={units.error}
        onRetry={() => void units.refetch()}
        selectedUuid={unitUUID}
        hrefOf={hrefOf}
        searchTextOf={searchTextOf}
        titleOf={(unit) => t('units.unitTitle', { number: unit.number })}
        subtitleOf={(unit) => ownerNames(unit, index).join(', ') || t('units.noOwner')}
        sorts={unitSorts}
        filters={filters}
        detail={
          selected ? (
            <UnitDetail unit={selected} people={index} />
          ) : (
            <NothingSelected text={t(unitUUID ? 'units.notFound' : 'units.info.pick')} />
          )
        }
      />
    </Page>
  );
}
