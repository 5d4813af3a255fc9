import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuildingShell } from '../../../app/shell/building-context';
import type { FieldBinder } from './record-form-parts';

export function InsuranceFields({ form, disabled }: { form: FieldBinder; disabled: boolean }) {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('units.insurance.provider')}
        maxLength={80}
        disabled={disabled}
        {...form.text('insurance.provider')}
      />
      <TextInput
        label={t('units.insurance.policyNumber')}
        maxLength={80}
        disabled={disabled}
        {...form.text('insurance.policyNumber')}
      />
      <TextInput
        label={t('units.insurance.civilResponsibilityAmount')}
        description={t('units.form.amountHint')}
        inputMode="decimal"
        rightSection={
          <Text size="xs" c="dimmed">
            {building.currency}
          </Text>
        }
        rightSectionWidth={48}
        disabled={disabled}
        {...form.text('insurance.civilResponsibilityAmount')}
      />
      <TextInput
        type="date"
        label={t('units.insurance.endDate')}
        description={t('units.insurance.endDateHint')}
        disabled={disabled}
        {...form.text('insurance.endDate')}
      />
    </SimpleGrid>
  );
}

export function WaterHeaterFields({ form, disabled }: { form: FieldBinder; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        type="date"
        label={t('units.waterHeater.installationDate')}
        disabled={disabled}
        {...form.text('waterHeater.installationDate')}
      />
      <TextInput
        type="date"
        label={t('units.waterHeater.warrantyEndDate')}
        disabled={disabled}
        {...form.text('waterHeater.warrantyEndDate')}
      />
      <TextInput
        label={t('units.waterHeater.location')}
        maxLength={80}
        disabled={disabled}
        {...form.text('waterHeater.location')}
      />
    </SimpleGrid>
  );
}
