import { useMemo } from 'react';
import { MultiSelect, type ComboboxItem } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { maxLockersPerUnit, maxParkingsPerUnit, type UnitView } from '@copro/domain';
import { compareNumbers } from '../../../ui/compare';
import type { RecordForm } from '../../../ui/use-record-form';
import { searchFilter } from './person-links';
import type { UnitFormValues } from './unit-form-values';
import { holders } from './unit-list';

interface Space {
  uuid: string;
  number: string;
  archived: boolean;
}

/** Parkings or lockers to pick from: the active ones, those held by another unit greyed out. */
function spaceOptions(
  spaces: readonly Space[],
  held: Map<string, UnitView>,
  selected: readonly string[],
  t: TFunction,
): ComboboxItem[] {
  return spaces
    .filter((space) => !space.archived || selected.includes(space.uuid))
    .sort((a, b) => compareNumbers(a.number, b.number))
    .map((space) => {
      const holder = held.get(space.uuid);
      return {
        value: space.uuid,
        label: holder ? t('units.form.takenBy', { number: space.number, unit: holder.number }) : space.number,
        disabled: !!holder && !selected.includes(space.uuid),
      };
    });
}

const maxPerUnit = { parkings: maxParkingsPerUnit, lockers: maxLockersPerUnit };

/** The parkings or the lockers of the unit being edited, as many as a unit may hold. */
export function SpacePicker({
  kind,
  spaces,
  units,
  unitUuid,
  form,
  disabled,
}: {
  kind: 'parkings' | 'lockers';
  /** Undefined while they load, or when the user may not read them. */
  spaces: readonly Space[] | undefined;
  units: readonly UnitView[];
  /** The unit being edited: its own spaces are not held by another. */
  unitUuid: string | undefined;
  form: RecordForm<UnitFormValues>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const max = maxPerUnit[kind];
  const selected = form.values[kind];
  const options = useMemo(
    () => spaceOptions(spaces ?? [], holders(units, kind, unitUuid), selected, t),
    [spaces, units, kind, unitUuid, selected, t],
  );
  return (
    <MultiSelect
      label={t(`units.fields.${kind}`)}
      description={t('units.form.spacesHint', { max })}
      data={options}
      value={selected}
      onChange={(value) => form.setValue(kind, value)}
      maxValues={max}
      searchable
      filter={searchFilter}
      limit={50}
      hidePickedOptions
      nothingFoundMessage={t('units.form.nothingFound')}
      disabled={disabled || spaces === undefined}
      error={form.firstErrorAt(kind)}
    />
  );
}
