import { useMemo } from 'react';
import { NativeSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { buildingTypes } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import { valueProps, type BuildingForm } from './building-form-fields';

/** Every zone the browser knows, plus the saved one should the browser not list it. */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

export function BuildingIdentity({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  const savedZone = form.values.timeZone;
  // The list is long: built once, not on every keystroke elsewhere in the form.
  const zones = useMemo(() => timeZoneOptions(savedZone), [savedZone]);
  return (
    <FormSection title={t('admin.building.sections.identity')}>
      <TextInput label={t('admin.building.name')} required disabled={disabled} {...form.textProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('admin.building.type')}
          disabled={disabled}
          data={buildingTypes.map((type) => ({ value: type, label: t(`admin.building.types.${type}`) }))}
          {...form.textProps('type')}
        />
        <TextInput
          label={t('admin.building.floors')}
          inputMode="numeric"
          disabled={disabled}
          {...form.textProps('floors')}
        />
        <TextInput
          label={t('admin.building.email')}
          type="email"
          autoComplete="off"
          disabled={disabled}
          {...form.textProps('email')}
        />
        <TextInput
          label={t('admin.building.phone')}
          type="tel"
          autoComplete="off"
          disabled={disabled}
          {...form.textProps('phone')}
        />
        <NativeSelect
          label={t('admin.building.locale')}
          description={t('admin.building.localeHint')}
          disabled={disabled}
          data={[
            { value: 'en-CA', label: t('language.en') },
            { value: 'fr-CA', label: t('language.fr') },
          ]}
          {...form.textProps('locale')}
        />
        <Select
          label={t('admin.building.timeZone')}
          description={t('admin.building.timeZoneHint')}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('admin.building.noTimeZone')}
          data={zones}
          disabled={disabled}
          {...valueProps(form, 'timeZone')}
        />
      </SimpleGrid>
      <TextInput
        label={t('admin.building.logoUrl')}
        description={t('admin.building.logoUrlHint')}
        type="url"
        placeholder="https://"
        disabled={disabled}
        {...form.textProps('logoUrl')}
      />
    </FormSection>
  );
}
