import { useMemo } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParkingView, PersonEntry, UnitView } from '@copro/domain';
import { compareNumbers } from '../../../ui/compare';
import { FormSection } from '../../../ui/form-section';
import { personOption, searchFilter } from './person-links';
import { AdminRecordForm, IdentityFields, NotesSection, SpaceFeesSection } from './record-form-parts';
import { parkingFormValues, prepareParkingCreate, prepareParkingEdit } from './space-form-values';
import { useAdminForm } from './use-admin-form';
import { sortedPeople } from './unit-list';

/** A parking: its number and details, and who rents it (a person, a unit, or both). */
export function ParkingForm({
  parking,
  people,
  units,
}: {
  parking: ParkingView | undefined;
  people: readonly PersonEntry[];
  units: readonly UnitView[];
}) {
  const { t } = useTranslation();
  const { form, save } = useAdminForm({
    area: 'parkings',
    messages: 'parkings',
    record: parking,
    valuesOf: parkingFormValues,
    prepare: { create: prepareParkingCreate, edit: prepareParkingEdit },
  });
  const { disabled } = save;
  const personOptions = useMemo(
    () =>
      sortedPeople(people.filter((p) => !p.archived || p.uuid === form.values.renterPersonUuid)).map(
        personOption,
      ),
    [people, form.values.renterPersonUuid],
  );
  const unitOptions = useMemo(
    () =>
      units
        .filter((unit) => !unit.archived || unit.uuid === form.values.renterUnitUuid)
        .sort((a, b) => compareNumbers(a.number, b.number))
        .map((unit) => ({ value: unit.uuid, label: t('units.unitTitle', { number: unit.number }) })),
    [units, form.values.renterUnitUuid, t],
  );

  /** The renter's person or unit, searched among many; the API names its errors `renter.*`. */
  const renterPick = (field: 'renterPersonUuid' | 'renterUnitUuid', errorPath: string) => ({
    value: form.values[field] || null,
    onChange: (value: string | null) => form.setValue(field, value ?? ''),
    searchable: true,
    clearable: true,
    filter: searchFilter,
    limit: 30,
    disabled,
    error: form.firstErrorAt(errorPath),
  });

  return (
    <AdminRecordForm
      save={save}
      form={form}
      archived={!!parking?.archived}
      archivedNotice={t('parkings.archivedNotice')}
      saveLabel={t(parking ? 'units.form.save' : 'parkings.create')}
    >
      <FormSection title={t('units.sections.general')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <IdentityFields record={parking} form={form} disabled={disabled} numberInput={{ maxLength: 30 }} />
          <TextInput
            label={t('parkings.licensePlate')}
            maxLength={30}
            disabled={disabled}
            {...form.text('licensePlate')}
          />
          <TextInput
            label={t('parkings.cadastreNumber')}
            maxLength={30}
            disabled={disabled}
            {...form.text('cadastreNumber')}
          />
        </SimpleGrid>
      </FormSection>
      <FormSection title={t('parkings.renter')} description={t('parkings.renterHint')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('parkings.renterPerson')}
            placeholder={t('parkings.searchPerson')}
            data={personOptions}
            nothingFoundMessage={t('units.people.nothingFound')}
            {...renterPick('renterPersonUuid', 'renter.personUuid')}
          />
          <Select
            label={t('parkings.renterUnit')}
            placeholder={t('parkings.searchUnit')}
            data={unitOptions}
            nothingFoundMessage={t('units.form.nothingFound')}
            {...renterPick('renterUnitUuid', 'renter.unitUuid')}
          />
        </SimpleGrid>
      </FormSection>
      <SpaceFeesSection record={parking} form={form} disabled={disabled} />
      <NotesSection form={form} disabled={disabled} />
    </AdminRecordForm>
  );
}
