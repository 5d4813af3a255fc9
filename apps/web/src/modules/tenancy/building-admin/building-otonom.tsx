import { Box, NativeSelect, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { otonomApiVersions } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import type { BuildingForm } from './building-form-fields';

export function BuildingOtonom({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('admin.building.sections.otonom')} description={t('admin.building.otonomHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={t('admin.building.otonomApiVersion')}
          disabled={disabled}
          data={[
            { value: '', label: t('admin.building.notSet') },
            ...otonomApiVersions.map((version) => ({
              value: version,
              label: t(`admin.building.otonomApiVersions.${version}`),
            })),
          ]}
          {...form.textProps('otonom.apiVersion')}
        />
        {/* Keeps the next fields paired on wide screens; nothing on a phone. */}
        <Box visibleFrom="sm" />
        <TextInput
          label={t('admin.building.otonomClientId')}
          autoComplete="off"
          disabled={disabled}
          {...form.textProps('otonom.clientId')}
        />
        <TextInput
          label={t('admin.building.otonomId')}
          autoComplete="off"
          disabled={disabled}
          {...form.textProps('otonom.id')}
        />
      </SimpleGrid>
      <Switch
        label={t('admin.building.otonomSendSuppliers')}
        disabled={disabled}
        {...form.checkboxProps('otonom.automaticallySend.suppliers')}
      />
      <Switch
        label={t('admin.building.otonomSendUnits')}
        disabled={disabled}
        {...form.checkboxProps('otonom.automaticallySend.units')}
      />
    </FormSection>
  );
}
