import { useMemo } from 'react';
import { Button, Grid, NativeSelect, Radio, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { debitAmountBases, padChannels, type BankView, type PadSettingsView } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { useBuildingShell } from '../../app/shell/building-context';
import { FormActions } from '../../ui/form-actions';
import { FormSection } from '../../ui/form-section';
import { issuesToErrors, serverErrors } from '../../ui/form-validation';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { AnchorLink } from '../../ui/router-link';
import { useRecordForm, type BoundField } from '../../ui/use-record-form';
import { RecordSelect, useRecords } from '../registry';
import { useSaveSettings } from './otonom-api';
import {
  cpa005Currencies,
  cpa005TextFields,
  defaultBankUuid,
  prepareSettings,
  settingsValues,
  type SettingsValues,
} from './settings-values';

const validate = (values: SettingsValues) => issuesToErrors(prepareSettings(values).issues);

/**
 * The area's settings of the building: how files leave (the partner, or a CPA-005 file for the
 * building's bank), what a monthly debit takes, the bank the money lands in and, for a bank file,
 * the bank's identifiers. Finance writers edit; readers see. The partner's ids, API version and
 * automatic sending are the building's settings, a link away.
 */
export function SettingsCard({ view, canEdit }: { view: PadSettingsView; canEdit: boolean }) {
  const { t } = useTranslation();
  const { building, can, href } = useBuildingShell();
  const banks = useRecords('banks');
  return (
    <FormSection title={t('otonomPages.settings.title')} description={t('otonomPages.settings.hint')}>
      {banks.error && !banks.data ? (
        <QueryError error={banks.error} onRetry={() => void banks.refetch()} />
      ) : !banks.data ? (
        <PageLoader />
      ) : (
        <SettingsForm
          view={view}
          canEdit={canEdit}
          banks={banks.data}
          defaultBank={defaultBankUuid(banks.data, building.defaultBankAccountAID)}
          currency={building.currency}
        />
      )}
      <Text size="sm" c="dimmed">
        {t('otonomPages.settings.buildingSettings')}{' '}
        {can('building.edit') && (
          <AnchorLink to={href('admin/building')} size="sm">
            {t('otonomPages.settings.openBuildingSettings')}
          </AnchorLink>
        )}
      </Text>
    </FormSection>
  );
}

function SettingsForm({
  view,
  canEdit,
  banks,
  defaultBank,
  currency,
}: {
  view: PadSettingsView;
  canEdit: boolean;
  banks: readonly BankView[];
  /** What a building never set up starts with. */
  defaultBank: string;
  currency: string;
}) {
  const { t } = useTranslation();
  const defaults = useMemo(() => ({ bankUuid: defaultBank, currency }), [defaultBank, currency]);
  const saved = useMemo(() => settingsValues(view.settings, defaults), [view.settings, defaults]);
  const form = useRecordForm(saved, { validate });
  const save = useSaveSettings();
  const disabled = !canEdit || save.isPending;
  const bankFile = form.values.channel === 'cpa005';

  const submit = form.onSubmit((values) => {
    const { input } = prepareSettings(values);
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) => {
        form.settle(settingsValues(answer.settings, defaults));
        notifySuccess(t('otonomPages.settings.saved'));
      },
      onError: (error) => {
        form.showErrors(serverErrors(error));
        notifyError(error, t('otonomPages.settings.saveFailed'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Grid gutter="md">
          <Grid.Col span={4}>
            <Radio.Group label={t('otonomPages.settings.channel')} {...radio(form.field<string>('channel'))}>
              <Stack gap={6} mt={6}>
                {padChannels.map((channel) => (
                  <Radio
                    key={channel}
                    value={channel}
                    label={t(`otonomPages.settings.channels.${channel}`)}
                    disabled={disabled}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Grid.Col>
          <Grid.Col span={4}>
            <Radio.Group
              label={t('otonomPages.settings.debitAmount')}
              {...radio(form.field<string>('debitAmount'))}
            >
              <Stack gap={6} mt={6}>
                {debitAmountBases.map((basis) => (
                  <Radio
                    key={basis}
                    value={basis}
                    label={t(`otonomPages.settings.debitAmounts.${basis}`)}
                    disabled={disabled}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Grid.Col>
          <Grid.Col span={4}>
            {canEdit ? (
              <RecordSelect
                field={form.field<string>('bankUuid')}
                records={banks}
                label={t('otonomPages.settings.bank')}
                description={t('otonomPages.settings.bankHint')}
                placeholder={t('otonomPages.settings.chooseBank')}
                nothingFoundMessage={t('otonomPages.settings.noBank')}
              />
            ) : (
              <TextInput
                label={t('otonomPages.settings.bank')}
                description={t('otonomPages.settings.bankHint')}
                value={banks.find((bank) => bank.uuid === form.values.bankUuid)?.name ?? ''}
                readOnly
                disabled
              />
            )}
          </Grid.Col>
        </Grid>
        {bankFile && (
          <Stack gap="xs">
            <Group justify="space-between" align="baseline">
              <Text fw={600} size="sm">
                {t('otonomPages.settings.cpa005.title')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('otonomPages.settings.nextFileNumber', { number: view.nextFileNumber })}
              </Text>
            </Group>
            <Grid gutter="sm">
              {cpa005TextFields.map((name) => (
                <Grid.Col key={name} span={3}>
                  <TextInput
                    label={t(`otonomPages.settings.cpa005.${name}`)}
                    description={t(`otonomPages.settings.cpa005.${name}Hint`)}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    required
                    disabled={disabled}
                    {...form.text(`cpa005.${name}`)}
                  />
                </Grid.Col>
              ))}
              <Grid.Col span={3}>
                <NativeSelect
                  label={t('otonomPages.settings.cpa005.currency')}
                  data={[...cpa005Currencies]}
                  disabled={disabled}
                  {...form.text('cpa005.currency')}
                />
              </Grid.Col>
            </Grid>
          </Stack>
        )}
        {canEdit && (
          <FormActions errors={form.errors}>
            <Button type="submit" loading={save.isPending} disabled={form.pristine}>
              {t('otonomPages.settings.submit')}
            </Button>
          </FormActions>
        )}
      </Stack>
    </form>
  );
}

/** A radio group bound to a form field. */
const radio = (field: BoundField<string>) => ({
  value: field.value,
  onChange: field.onChange,
  error: field.errorAt(),
});
