import { Group, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { taxCodes } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import type { BuildingForm } from './building-form-fields';

export function BuildingTaxes({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('admin.building.sections.taxes')} description={t('admin.building.taxesHint')}>
      <Stack gap="xs">
        {taxCodes.map((code) => {
          const name = t(`admin.taxCodes.${code}`);
          return (
            <Group key={code} wrap="nowrap" align="flex-start" justify="space-between" gap="sm">
              <Switch
                label={name}
                disabled={disabled}
                mt={6}
                style={{ flex: 1, minWidth: 0 }}
                {...form.checkboxProps(`taxes.${code}.isActive`)}
              />
              <TextInput
                aria-label={t('admin.building.taxRateOf', { tax: name })}
                placeholder="0"
                inputMode="decimal"
                rightSection="%"
                w={{ base: 100, sm: 120 }}
                disabled={disabled}
                {...form.textProps(`taxes.${code}.rate`)}
              />
            </Group>
          );
        })}
      </Stack>
    </FormSection>
  );
}
