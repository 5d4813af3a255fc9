import type { ReactNode } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../ui/form-actions';
import type { RecordForm } from '../../ui/use-record-form';
import type { RecordNamespace } from './registry-api';
import type { RecordSave } from './use-registry-form';

/** The record's name, where typing starts: the form opens on a click. */
export function NameInput(props: { label: string } & ReturnType<RecordForm<object>['text']>) {
  return <TextInput required autoComplete="off" autoFocus data-autofocus {...props} />;
}

/** A people, suppliers, banks or categories form: its fields, then Cancel and Save (Create for a new record). */
export function RegistryForm({
  ns,
  label,
  save,
  onCancel,
  children,
}: {
  ns: RecordNamespace;
  /** The form's accessible name; by default "New …", or the edit's title with the record's name. */
  label?: string;
  save: RecordSave;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={save.submit}
      noValidate
      aria-label={label ?? t(save.creating ? `${ns}.new` : `${ns}.formTitle`, { name: save.recordName })}
    >
      <Stack gap="md">
        {children}
        <FormActions errors={save.errors}>
          <Button variant="default" disabled={save.saving} onClick={onCancel}>
            {t(`${ns}.cancel`)}
          </Button>
          <Button type="submit" loading={save.saving}>
            {t(save.creating ? `${ns}.create` : `${ns}.save`)}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
