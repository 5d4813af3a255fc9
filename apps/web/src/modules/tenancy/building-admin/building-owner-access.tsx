import { Radio, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ownersFinancesAccessValues, selfServiceEditAccessValues } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import { valueProps, type BuildingForm } from './building-form-fields';

export function BuildingOwnerAccess({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('admin.building.sections.ownerAccess')}>
      <Radio.Group
        label={t('admin.building.ownersFinancesAccess')}
        {...valueProps(form, 'ownersFinancesAccess')}
      >
        <Stack gap="xs" mt={6}>
          {ownersFinancesAccessValues.map((value) => (
            <Radio
              key={value}
              value={value}
              disabled={disabled}
              label={t(`admin.building.ownersFinancesAccessValues.${value}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group
        label={t('admin.building.selfServiceEditAccess')}
        {...valueProps(form, 'selfServiceEditAccess')}
      >
        <Stack gap="xs" mt={6}>
          {selfServiceEditAccessValues.map((value) => (
            <Radio
              key={value}
              value={value}
              disabled={disabled}
              label={t(`admin.building.selfServiceEditAccessValues.${value}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Switch
        label={t('admin.building.requestTagsMandatory')}
        disabled={disabled}
        {...form.checkboxProps('requestTagsMandatory')}
      />
    </FormSection>
  );
}
