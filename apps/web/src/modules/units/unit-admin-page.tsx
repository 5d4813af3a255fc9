import { useCallback, useMemo } from 'react';
import { Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LockerView, ParkingView, PersonView, UnitView } from '@copro/domain';
import { useBuildingShell } from '../../app/shell/building-context';
import { Page } from '../../ui/page';
import { RecordBrowser } from '../../ui/record-browser';
import { ButtonLink } from '../../ui/router-link';
import { useRecords } from '../registry/registry-api';
import { ArchiveButton } from './archive-button';
import { DetailHeader, NothingSelected } from './record-parts';
import { newRecord, unitAdminRoute } from './routes';
import { UnitForm } from './unit-form';
import { localToday, ownerNames, peopleIndex, unitFilters, unitSearchText, unitSorts } from './unit-list';

/** admin/units: the registry of units for managers; 'new' in place of a uuid opens a blank form. */
export function UnitAdminPage() {
  const { t } = useTranslation();
  const { unitUUID } = unitAdminRoute.useParams();
  const { href, readOnly } = useBuildingShell();
  const units = useRecords<UnitView>('units');
  const people = useRecords<PersonView>('people');
  const parkings = useRecords<ParkingView>('parkings');
  const lockers = useRecords<LockerView>('lockers');
  const index = useMemo(() => peopleIndex(people.data), [people.data]);
  const searchTextOf = useCallback((unit: UnitView) => unitSearchText(unit, index), [index]);
  const today = localToday();
  const filters = useMemo(() => unitFilters(today), [today]);
  const hrefOf = useCallback((uuid?: string) => href(uuid ? `admin/units/${uuid}` : 'admin/units'), [href]);
  const creating = unitUUID === newRecord && !readOnly;
  const selected = unitUUID ? units.data?.find((unit) => unit.uuid === unitUUID) : undefined;

  const form = (unit?: UnitView) => (
    <UnitForm
      // A fresh form for each unit: nothing typed for one shows on another.
      key={unit?.uuid ?? newRecord}
      unit={unit}
      units={units.data ?? []}
      people={people.data ?? []}
      peopleByUuid={index}
      parkings={parkings.data}
      lockers={lockers.data}
    />
  );

  let detail;
  if (creating) {
    detail = (
      <Stack gap="md">
        <DetailHeader title={t('units.form.newTitle')} archived={false} />
        {form()}
      </Stack>
    );
  } else if (selected) {
    detail = (
      <Stack gap="md">
        <DetailHeader
          title={t('units.unitTitle', { number: selected.number })}
          archived={selected.archived}
          actions={!readOnly && <ArchiveButton area="units" record={selected} />}
        />
        {form(selected)}
      </Stack>
    );
  } else {
    detail = <NothingSelected text={t(unitUUID ? 'units.notFound' : 'units.admin.pick')} />;
  }

  return (
    <Page title={t('units.admin.title')}>
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
        toolbar={
          !readOnly && (
            <ButtonLink to={hrefOf(newRecord)} size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
              {t('units.admin.new')}
            </ButtonLink>
          )
        }
        detail={detail}
      />
    </Page>
  );
}
