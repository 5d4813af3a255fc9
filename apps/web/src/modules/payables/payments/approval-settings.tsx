import { useMemo } from 'react';
import { ActionIcon, Button, Grid, Group, NativeSelect, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageOf, type ApprovalRules, type SupplierView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { compareText } from '../../../ui/compare';
import { FormActions } from '../../../ui/form-actions';
import { FormSection } from '../../../ui/form-section';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { MoneyInput } from '../../../ui/money-input';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordFormModal } from '../../../ui/record-panel';
import { AnchorLink } from '../../../ui/router-link';
import { useRecordForm } from '../../../ui/use-record-form';
import { useRecords } from '../../registry';
import {
  approvalRulesValues,
  prepareApprovalRules,
  type ApprovalRulesValues,
  type SupplierRule,
} from './approval-rules-values';
import { useApprovalRules, useSaveApprovalRules } from './payments-api';

const validate = (values: ApprovalRulesValues) => issuesToErrors(prepareApprovalRules(values).issues);
const supplierRules: SupplierRule[] = ['always', 'never'];

/** The building's own settings (count and methods), read here and changed on admin/building. */
function BuildingSettings() {
  const { t } = useTranslation();
  const { building, can, href } = useBuildingShell();
  const methods = building.paymentMethodsRequiringApproval;
  return (
    <FormSection title={t('paymentPages.rules.buildingTitle')}>
      <Stack gap={4}>
        <Text size="sm">
          {t('paymentPages.rules.approvalsRequired', { count: building.numberOfApprovalsRequired })}
        </Text>
        <Text size="sm">
          {t('paymentPages.rules.methods', {
            methods:
              methods.length === 0
                ? t('paymentPages.rules.noMethod')
                : methods.map((method) => t(`admin.paymentMethods.${method}`)).join(', '),
          })}
        </Text>
        {can('building.edit') && (
          <AnchorLink to={href('admin/building')} size="sm">
            {t('paymentPages.rules.changeInSettings')}
          </AnchorLink>
        )}
      </Stack>
    </FormSection>
  );
}

function RulesForm({
  rules,
  suppliers,
  canEdit,
}: {
  rules: ApprovalRules;
  suppliers: readonly SupplierView[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const saved = useMemo(() => approvalRulesValues(rules, languageOf(i18n.language)), [rules, i18n.language]);
  const form = useRecordForm(saved, { validate });
  const save = useSaveApprovalRules();
  const disabled = !canEdit || save.isPending;
  const options = useMemo(
    () =>
      suppliers
        .filter((s) => !s.archived || form.values.suppliers.some((row) => row.supplierUuid === s.uuid))
        .sort((a, b) => compareText(a.name, b.name))
        .map((s) => ({ value: s.uuid, label: s.name })),
    [suppliers, form.values.suppliers],
  );

  const submit = form.onSubmit((values) => {
    const { input } = prepareApprovalRules(values);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) => {
        form.settle(approvalRulesValues(answer, languageOf(i18n.language)));
        notifySuccess(t('paymentPages.rules.saved'));
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('paymentPages.rules.saveFailed'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormSection title={t('paymentPages.rules.title')} description={t('paymentPages.rules.intro')}>
        <MoneyInput
          required={false}
          label={t('paymentPages.rules.minimumAmount')}
          description={t('paymentPages.rules.minimumAmountHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          disabled={disabled}
          {...form.text('minimumAmount')}
        />
        <Text size="sm" fw={600}>
          {t('paymentPages.rules.suppliers')}
        </Text>
        {form.values.suppliers.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('paymentPages.rules.noSupplier')}
          </Text>
        )}
        {form.values.suppliers.map((row, index) => (
          <Grid key={index} gutter="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Select
                label={t('paymentPages.fields.supplier')}
                data={options}
                searchable
                disabled={disabled}
                value={row.supplierUuid || null}
                onChange={(value) => form.setValue(`suppliers.${index}.supplierUuid`, value ?? '')}
                error={form.errors[`suppliers.${index}.supplierUuid`]}
                nothingFoundMessage={t('paymentPages.rules.noSupplierFound')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 10, sm: 4 }}>
              <NativeSelect
                label={t('paymentPages.rules.rule')}
                disabled={disabled}
                data={supplierRules.map((rule) => ({
                  value: rule,
                  label: t(`paymentPages.rules.rules.${rule}`),
                }))}
                {...form.text(`suppliers.${index}.rule`)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 2, sm: 1 }}>
              {canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('paymentPages.rules.remove')}
                  disabled={disabled}
                  onClick={() =>
                    form.setValue(
                      'suppliers',
                      form.values.suppliers.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Grid.Col>
          </Grid>
        ))}
        {canEdit && (
          <Group>
            <Button
              variant="light"
              disabled={disabled}
              onClick={() =>
                form.setValue('suppliers', [...form.values.suppliers, { supplierUuid: '', rule: 'always' }])
              }
            >
              {t('paymentPages.rules.addSupplier')}
            </Button>
          </Group>
        )}
        {canEdit && (
          <FormActions errors={form.errors}>
            <Button type="submit" loading={save.isPending} disabled={form.pristine}>
              {t('paymentPages.rules.submit')}
            </Button>
          </FormActions>
        )}
      </FormSection>
    </form>
  );
}

function ApprovalSettingsContent() {
  const { can } = useBuildingShell();
  const rules = useApprovalRules();
  const suppliers = useRecords('suppliers');
  const error = rules.error ?? suppliers.error;
  return (
    <Stack gap="md">
      <BuildingSettings />
      {error ? (
        <QueryError
          error={error}
          onRetry={() => {
            void rules.refetch();
            void suppliers.refetch();
          }}
        />
      ) : !rules.data || !suppliers.data ? (
        <PageLoader />
      ) : (
        <RulesForm rules={rules.data} suppliers={suppliers.data} canEdit={can('building.edit')} />
      )}
    </Stack>
  );
}

/** DOMAIN 7 approvals: the building's count and methods, and the rules by amount and supplier. */
export function ApprovalSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <RecordFormModal opened={opened} onClose={onClose} title={t('paymentPages.rules.dialogTitle')}>
      {opened && <ApprovalSettingsContent />}
    </RecordFormModal>
  );
}
