import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../ui/form-section';
import type { BuildingForm } from './building-form-fields';

export function BuildingAddress({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('admin.building.sections.address')}>
      <TextInput
        label={t('admin.building.street')}
        autoComplete="off"
        disabled={disabled}
        {...form.textProps('address.street')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('admin.building.city')} disabled={disabled} {...form.textProps('address.city')} />
        <TextInput
          label={t('admin.building.state')}
          disabled={disabled}
          {...form.textProps('address.state')}
        />
        <TextInput
          label={t('admin.building.country')}
          disabled={disabled}
          {...form.textProps('address.country')}
        />
        <TextInput label={t('admin.building.zip')} disabled={disabled} {...form.textProps('address.zip')} />
      </SimpleGrid>
    </FormSection>
  );
}
