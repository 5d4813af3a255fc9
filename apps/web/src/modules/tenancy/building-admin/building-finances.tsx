import { Box, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../ui/form-section';
import type { BuildingForm } from './building-form-fields';

export function BuildingFinances({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  const currency = (
    <Text size="xs" c="dimmed">
      {form.values.currency}
    </Text>
  );
  return (
    <FormSection title={t('admin.building.sections.finances')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('admin.building.currency')}
          description={t('admin.building.currencyHint')}
          maxLength={3}
          disabled={disabled}
          {...form.textProps('currency')}
          onChange={(event) => form.setFieldValue('currency', event.currentTarget.value.toUpperCase())}
        />
        {/* Keeps the next fields paired on wide screens; nothing on a phone. */}
        <Box visibleFrom="sm" />
        <TextInput
          label={t('admin.building.lowBalanceWarningThreshold')}
          description={t('admin.building.amountHint')}
          inputMode="decimal"
          rightSection={currency}
          rightSectionWidth={48}
          disabled={disabled}
          {...form.textProps('lowBalanceWarningThreshold')}
        />
        <TextInput
          label={t('admin.building.minimumUnitBalanceBeforeChargingPenalties')}
          description={t('admin.building.amountHint')}
          inputMode="decimal"
          rightSection={currency}
          rightSectionWidth={48}
          disabled={disabled}
          {...form.textProps('minimumUnitBalanceBeforeChargingPenalties')}
        />
      </SimpleGrid>
      <Switch
        label={t('admin.building.sendEmailOnCheckSaved')}
        disabled={disabled}
        {...form.checkboxProps('sendEmailOnCheckSaved')}
      />
    </FormSection>
  );
}
