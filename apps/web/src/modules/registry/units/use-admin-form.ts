import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { languageOf, type Language, type RegistryWriteRecord } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { issuesToErrors, serverErrors } from '../../../ui/form-validation';
import { useRecordForm } from '../../../ui/use-record-form';
import { useRecordWrite } from '../registry-api';
import type { AdminArea } from './admin-records-page';
import type { Prepared } from './prepare';

/**
 * The state and the save of a unit, parking or locker form: create, then open the new record; or
 * edit, and take the saved record as the form's new starting point. `messages` is the catalog
 * section of the saved, created and saveFailed texts.
 */
export function useAdminForm<A extends AdminArea, V extends object>({
  area,
  messages,
  record,
  valuesOf,
  prepare,
}: {
  area: A;
  messages: string;
  /** Absent: a new record. */
  record: RegistryWriteRecord<A> | undefined;
  /** What the form holds for the record, or for a new one. */
  valuesOf: (record: RegistryWriteRecord<A> | undefined, language: Language) => V;
  /** The body of each call from the values, or what stops it. */
  prepare: { create: (values: V) => Prepared<object>; edit: (values: V) => Prepared<object> };
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const saved = useMemo(() => valuesOf(record, language), [valuesOf, record, language]);
  const form = useRecordForm(saved);
  const shell = useBuildingShell();
  const navigate = useNavigate();
  const write = useRecordWrite(area);
  /** Neither an archived record nor an archived year changes. */
  const editable = !shell.readOnly && !record?.archived;

  const submit = form.onSubmit((values) => {
    const { body, issues } = record ? prepare.edit(values) : prepare.create(values);
    if (!body) {
      form.showErrors(issuesToErrors(issues));
      return;
    }
    const onError = (error: unknown) => {
      const fields = serverErrors(error);
      form.showErrors(fields);
      if (Object.keys(fields).length === 0) notifyError(error, t(`${messages}.saveFailed`));
    };
    if (record) {
      write.mutate(
        { kind: 'edit', uuid: record.uuid, body },
        {
          onSuccess: (view) => {
            form.settle(valuesOf(view, language));
            notifySuccess(t(`${messages}.saved`, { number: view.number }));
          },
          onError,
        },
      );
    } else {
      write.mutate(
        { kind: 'create', body },
        {
          onSuccess: (view) => {
            notifySuccess(t(`${messages}.created`, { number: view.number }));
            void navigate({ href: shell.href(`admin/${area}/${view.uuid}`) });
          },
          onError,
        },
      );
    }
  });
  const save = {
    submit,
    editable,
    creating: !record,
    saving: write.isPending,
    disabled: !editable || write.isPending,
  };
  return { form, save };
}

export type AdminSave = ReturnType<typeof useAdminForm>['save'];
