import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnitView } from '@copro/domain';
import { PageLoader } from '../../../ui/page-loader';
import { useRecords } from '../registry-api';
import { AdminRecordsPage } from './admin-records-page';
import { unitAdminRoute } from './routes';
import { UnitForm } from './unit-form';
import { peopleIndex } from './unit-list';
import { useUnitRows } from './use-unit-list';

/** admin/units: the registry of units for managers. */
export function UnitAdminPage() {
  const { t } = useTranslation();
  const { unitUUID } = unitAdminRoute.useParams();
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
      list={useUnitRows()}
      form={(unit) => <UnitFormWithChoices unit={unit} />}
    />
  );
}

/** The form's pickers choose among every person, parking and locker, and see which unit holds each. */
function UnitFormWithChoices({ unit }: { unit: UnitView | undefined }) {
  const units = useRecords('units');
  const people = useRecords('people');
  const parkings = useRecords('parkings');
  const lockers = useRecords('lockers');
  const index = useMemo(() => peopleIndex(people.data), [people.data]);
  if (units.isPending || people.isPending) return <PageLoader />;
  return (
    <UnitForm
      unit={unit}
      units={units.data ?? []}
      people={people.data ?? []}
      peopleByUuid={index}
      parkings={parkings.data}
      lockers={lockers.data}
    />
  );
}
