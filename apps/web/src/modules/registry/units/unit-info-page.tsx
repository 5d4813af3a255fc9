import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { RecordBrowser } from '../../../ui/record-browser';
import { EmptyPanel } from '../../../ui/record-panel';
import { unitInfoRoute } from './routes';
import { UnitDetail } from './unit-detail';
import { useUnitList } from './use-unit-list';

/** units/info: every unit the user may read (owners: their own), one at a time on the right. */
export function UnitInfoPage() {
  const { t } = useTranslation();
  const { unitUUID } = unitInfoRoute.useParams();
  const { href } = useBuildingShell();
  const { units, index, list } = useUnitList();
  const hrefOf = useCallback((uuid?: string) => href(uuid ? `units/info/${uuid}` : 'units/info'), [href]);
  const selected = unitUUID ? units.data?.find((unit) => unit.uuid === unitUUID) : undefined;

  return (
    <Page title={t('units.info.title')}>
      <RecordBrowser
        {...list}
        selectedUuid={unitUUID}
        hrefOf={hrefOf}
        detail={
          selected ? (
            <UnitDetail unit={selected} people={index} />
          ) : (
            <EmptyPanel>{t(unitUUID ? 'units.notFound' : 'units.info.pick')}</EmptyPanel>
          )
        }
      />
    </Page>
  );
}
