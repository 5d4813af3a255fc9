import { Input, MultiSelect, SegmentedControl, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { buildingRoles, paymentMethods } from '@copro/domain';
import { FormSection } from '../../../ui/form-section';
import { listProps, valueProps, type BuildingForm } from './building-form-fields';

/** SPEC 9: from none to four approvals. */
const approvalCounts = ['0', '1', '2', '3', '4'];

export function BuildingApprovals({ form, disabled }: { form: BuildingForm; disabled: boolean }) {
  const { t } = useTranslation();
  const approvals = valueProps(form, 'numberOfApprovalsRequired');
  const methods = listProps(form, 'paymentMethodsRequiringApproval', paymentMethods);
  const alerted = listProps(form, 'rolesThatReceiveAlerts', buildingRoles);
  return (
    <FormSection title={t('admin.building.sections.approvals')}>
      <Input.Wrapper
        label={t('admin.building.numberOfApprovalsRequired')}
        description={t('admin.building.numberOfApprovalsRequiredHint')}
        error={approvals.error}
      >
        <SegmentedControl
          data={approvalCounts}
          value={approvals.value}
          onChange={approvals.onChange}
          disabled={disabled}
          mt={4}
          style={{ display: 'flex' }}
          aria-label={t('admin.building.numberOfApprovalsRequired')}
        />
      </Input.Wrapper>
      <MultiSelect
        label={t('admin.building.paymentMethodsRequiringApproval')}
        placeholder={methods.value.length === 0 ? t('admin.building.none') : undefined}
        data={paymentMethods.map((method) => ({ value: method, label: t(`admin.paymentMethods.${method}`) }))}
        clearable
        disabled={disabled}
        {...methods}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('admin.building.numberOfMonthsUnitHasUnpaidBalanceBeforeAlert')}
          inputMode="numeric"
          disabled={disabled}
          {...form.textProps('numberOfMonthsUnitHasUnpaidBalanceBeforeAlert')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('admin.building.rolesThatReceiveAlerts')}
        placeholder={alerted.value.length === 0 ? t('admin.building.none') : undefined}
        data={buildingRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        clearable
        disabled={disabled}
        {...alerted}
      />
      <Switch
        label={t('admin.building.sendNoEmails')}
        description={t('admin.building.sendNoEmailsHint')}
        disabled={disabled}
        {...form.checkboxProps('sendNoEmails')}
      />
    </FormSection>
  );
}
