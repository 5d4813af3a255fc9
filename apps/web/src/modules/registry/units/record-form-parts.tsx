import type { ReactNode } from 'react';
import { Alert, Stack, Switch, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useRemoteConfig } from '../../../app/remote-config';
import { useBuildingShell } from '../../../app/shell/building-context';
import { formatMoney, formatPercentage } from '../../../ui/format';
import { AnchorLink } from '../../../ui/router-link';
import type { RecordForm } from '../../../ui/use-record-form';
import { FormSection } from '../../../ui/form-section';
import { NotesField } from '../../../ui/notes-field';
import { SaveBar } from '../../tenancy';
import type { AdminSave } from './use-admin-form';

/** The pieces the unit, parking and locker forms share. */

/** Binds inputs to the form by the API's paths ('insurance.provider'). */
export type FieldBinder = Pick<RecordForm<object>, 'text' | 'checkbox'>;

/** A value shown among the inputs that this form does not change. */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** The form: a notice while the record is archived, its sections, and the save bar while it may change. */
export function AdminRecordForm({
  save,
  form,
  archived,
  archivedNotice,
  saveLabel,
  children,
}: {
  save: AdminSave;
  form: Pick<RecordForm<object>, 'pristine' | 'errors' | 'reset'>;
  archived: boolean;
  archivedNotice: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={save.submit} noValidate>
      <Stack gap="md">
        {archived && (
          <Alert color="gray" variant="light">
            {archivedNotice}
          </Alert>
        )}
        {children}
        {save.editable && (
          <SaveBar
            pristine={form.pristine}
            isNew={save.creating}
            saving={save.saving}
            errors={form.errors}
            onDiscard={form.reset}
            saveLabel={saveLabel}
          />
        )}
      </Stack>
    </form>
  );
}

/** The number and the vote share: typed at creation, shown afterwards (DOMAIN 6). */
export function IdentityFields({
  record,
  form,
  disabled,
  numberInput,
}: {
  record: { number: string; voteShare: number } | undefined;
  form: FieldBinder;
  disabled: boolean;
  /** How the number is typed: its length, and a hint. */
  numberInput: Pick<TextInputProps, 'description' | 'maxLength' | 'inputMode'>;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const shell = useBuildingShell();
  const flags = useRemoteConfig().featureFlags;
  if (!record) {
    return (
      <>
        <TextInput
          label={t('units.fields.number')}
          required
          disabled={disabled}
          {...numberInput}
          {...form.text('number')}
        />
        <TextInput
          label={t('units.fields.voteShare')}
          description={t('units.form.percentHint')}
          required
          inputMode="decimal"
          rightSection={
            <Text size="sm" c="dimmed">
              %
            </Text>
          }
          disabled={disabled}
          {...form.text('voteShare')}
        />
      </>
    );
  }
  return (
    <>
      <ReadOnlyField
        label={t('units.fields.number')}
        value={record.number}
        hint={t('units.form.numberFixed')}
      />
      <ReadOnlyField
        label={t('units.fields.voteShare')}
        value={formatPercentage(record.voteShare, language)}
        hint={
          flags.voteShareEditing && shell.can('vote-shares.edit') ? (
            <AnchorLink to={shell.href('admin/vote-shares')} size="xs">
              {t('units.form.voteShareScreen')}
            </AnchorLink>
          ) : (
            t('units.form.voteShareFixed')
          )
        }
      />
    </>
  );
}

/** What the budget sets the record to pay each month; only the budget changes it. */
export function MonthlyContributionsField({ cents }: { cents: number }) {
  const { t, i18n } = useTranslation();
  const { building } = useBuildingShell();
  return (
    <ReadOnlyField
      label={t('units.fields.monthlyContributions')}
      value={formatMoney(cents, building.currency, languageOf(i18n.language))}
      hint={t('units.form.contributionsHint')}
    />
  );
}

export function NoMonthlyFeesSwitch({ form, disabled }: { form: FieldBinder; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('units.fields.noMonthlyFees')}
      description={t('units.form.noMonthlyFeesHint')}
      disabled={disabled}
      {...form.checkbox('noMonthlyFees')}
    />
  );
}

export function NotesSection({ form, disabled }: { form: FieldBinder; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('units.fields.notes')}>
      <NotesField aria-label={t('units.fields.notes')} disabled={disabled} {...form.text('notes')} />
    </FormSection>
  );
}

/** A parking's or locker's payments: the budget's monthly contribution, and no monthly fees. */
export function SpaceFeesSection({
  record,
  form,
  disabled,
}: {
  record: { monthlyContributions: number } | undefined;
  form: FieldBinder;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('units.sections.payments')}>
      {record && <MonthlyContributionsField cents={record.monthlyContributions} />}
      <NoMonthlyFeesSwitch form={form} disabled={disabled} />
    </FormSection>
  );
}
