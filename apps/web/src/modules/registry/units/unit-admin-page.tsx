import { useTranslation } from 'react-i18next';
import { useRecords } from '../registry-api';
import { AdminRecordsPage } from './admin-records-page';
import { unitAdminRoute } from './routes';
import { UnitForm } from './unit-form';
import { useUnitList } from './use-unit-list';

/** admin/units: the registry of units for managers. */
export function UnitAdminPage() {
  const { t } = useTranslation();
  const { unitUUID } = unitAdminRoute.useParams();
  const { units, people, index, list } = useUnitList();
  const parkings = useRecords('parkings');
  const lockers = useRecords('lockers');
  return (
    <AdminRecordsPage
      area="units"
      uuid={unitUUID}
      title={t('units.admin.title')}
      texts={{
        newButton: t('units.admin.new'),
        newTitle: t('units.form.newTitle'),
        pick: t('units.admin.pick'),
        notFound: t('units.notFound'),
      }}
      list={list}
      form={(unit) => (
        <UnitForm
          unit={unit}
          units={units.data ?? []}
          people={people.data ?? []}
          peopleByUuid={index}
          parkings={parkings.data}
          lockers={lockers.data}
        />
      )}
    />
  );
}
