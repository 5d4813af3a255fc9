import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { usePagedList } from '../../../ui/paged-list';
import { QueryError } from '../../../ui/query-error';
import { PagedRecordBrowser } from '../../../ui/record-browser';
import { EmptyPanel } from '../../../ui/record-panel';
import { useRecord, useRecordPages, useRecordsByUuid } from '../registry-api';
import { unitInfoRoute } from './routes';
import { UnitDetail } from './unit-detail';
import { personRoles } from './unit-form-values';
import { peopleIndex } from './unit-list';
import { useUnitRows } from './use-unit-list';

/** units/info: every unit the user may read (owners: their own), one at a time on the right. */
export function UnitInfoPage() {
  const { t } = useTranslation();
  const { unitUUID } = unitInfoRoute.useParams();
  const { href } = useBuildingShell();
  const rows = useUnitRows();
  const pages = usePagedList(useRecordPages('units'), { sorts: rows.sorts });
  const hrefOf = useCallback((uuid?: string) => href(uuid ? `units/info/${uuid}` : 'units/info'), [href]);
  const found = useRecord('units', unitUUID);
  const selected = found.data ?? undefined;
  // The people the unit names, each read on its own: not the whole directory for one unit.
  const linked = useMemo(
    () => [
      ...new Set(personRoles.flatMap((role) => (selected?.[role] ?? []).map((link) => link.personUuid))),
    ],
    [selected],
  );
  const people = useRecordsByUuid('people', linked);
  const index = useMemo(() => peopleIndex(people.records), [people.records]);
  const detail = selected ? (
    people.pending ? (
      <PageLoader />
    ) : (
      <UnitDetail unit={selected} people={index} />
    )
  ) : unitUUID && found.isPending ? (
    <PageLoader />
  ) : unitUUID && found.error ? (
    <QueryError error={found.error} onRetry={() => void found.refetch()} />
  ) : (
    <EmptyPanel>{t(unitUUID ? 'units.notFound' : 'units.info.pick')}</EmptyPanel>
  );

  return (
    <Page title={t('units.info.title')}>
      <PagedRecordBrowser {...rows} list={pages} selectedUuid={unitUUID} hrefOf={hrefOf} detail={detail} />
    </Page>
  );
}
