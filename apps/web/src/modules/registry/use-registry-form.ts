import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language, type RegistryWriteRecord } from '@copro/domain';
import { notifyError, notifySuccess } from '../../app/notify';
import { serverErrors, type FormErrors } from '../../ui/form-validation';
import { useRecordForm } from '../../ui/use-record-form';
import type { RecordEditMode } from './registry-card';
import { useRecordWrite, useStoreRecord, type RecordNamespace } from './registry-api';

/**
 * The state and the submit of a people, suppliers, banks or categories form: creates or edits the
 * record, puts it in the list at once and says so; the server's field errors show under their
 * fields.
 */
export function useRegistryForm<N extends RecordNamespace, V extends object>({
  ns,
  record,
  valuesOf,
  validate,
  prepare,
  bodyOf,
  nameOf,
  onSaved,
  kind = 'edit',
}: {
  ns: N;
  /** Absent: the form creates one. */
  record: RegistryWriteRecord<N> | undefined;
  /** What the form holds for the record, or for a new one. */
  valuesOf: (record: RegistryWriteRecord<N> | undefined, language: Language) => V;
  validate: (values: V) => FormErrors;
  prepare?: (values: V) => V;
  /** The API's body from the validated values. */
  bodyOf: (values: V) => unknown;
  nameOf: (saved: RegistryWriteRecord<N>) => string;
  onSaved: (saved: RegistryWriteRecord<N>) => void;
  kind?: RecordEditMode;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const saved = useMemo(() => valuesOf(record, language), [valuesOf, record, language]);
  const form = useRecordForm(saved, { validate, prepare });
  const write = useRecordWrite(ns);
  const store = useStoreRecord(ns);
  const creating = record === undefined;

  const submit = form.onSubmit((values) => {
    const body = bodyOf(values);
    write.mutate(record ? { kind, uuid: record.uuid, body } : { kind: 'create', body }, {
      onSuccess: (view) => {
        store(view);
        notifySuccess(t(creating ? `${ns}.created` : `${ns}.saved`, { name: nameOf(view) }));
        onSaved(view);
      },
      onError: (error) => {
        form.setErrors(serverErrors(error));
        notifyError(error, t(creating ? `${ns}.createFailed` : `${ns}.saveFailed`));
      },
    });
  });
  const save = {
    submit,
    creating,
    saving: write.isPending,
    recordName: record && nameOf(record),
    errors: form.errors,
  };
  return { form, save };
}

export type RecordSave = ReturnType<typeof useRegistryForm>['save'];
