import { useEffect, useRef, useState, type FormEvent } from 'react';
import { buildingUrl } from '../../../app/api-paths';
import { Alert, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  buildingViewSchema,
  languageOf,
  type BuildingEdit,
  type BuildingView,
  type Language,
} from '@copro/domain';
import { api, ApiError } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { buildingQuery } from '../../../app/shell/building-query';
import { issuesToErrors } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';

import { BuildingAddress } from './building-address';
import { BuildingApprovals } from './building-approvals';
import { prepareEdit, toFormIssues } from './building-edit';
import { BuildingFinances } from './building-finances';
import { sameValues } from './building-form-fields';
import { toFormValues, type BuildingFormValues } from './building-form-values';
import { BuildingIdentity } from './building-identity';
import { BuildingOtonom } from './building-otonom';
import { BuildingOwnerAccess } from './building-owner-access';
import { BuildingTaxes } from './building-taxes';
import { SaveBar } from './save-bar';
import './settings-form.css';

interface Saved {
  updatedAt: string;
  language: Language;
  values: BuildingFormValues;
}

const savedOf = (building: BuildingView, language: Language): Saved => ({
  updatedAt: building.updatedAt,
  language,
  values: toFormValues(building, language),
});

export function BuildingForm({ building, canEdit }: { building: BuildingView; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const ref = building.buildingRef;
  const [saved, setSaved] = useState(() => savedOf(building, language));
  const form = useForm<BuildingFormValues>({
    initialValues: saved.values,
    validate: (values) => issuesToErrors(prepareEdit(saved.values, values).issues),
  });
  const { setValues } = form;
  const pristine = sameValues(form.values, saved.values);

  // Another manager saved, or the language changed: show the new values, unless this form holds
  // unsaved changes (those win; only the fields changed here are sent).
  useEffect(() => {
    if (!pristine || (building.updatedAt === saved.updatedAt && language === saved.language)) return;
    const next = savedOf(building, language);
    setSaved(next);
    setValues(next.values);
  }, [building, language, pristine, saved.updatedAt, saved.language, setValues]);

  const save = useMutation({
    mutationFn: (body: BuildingEdit) =>
      api(buildingUrl(ref), { response: buildingViewSchema, method: 'PATCH', body }),
    onSuccess: (view) => {
      const key = buildingQuery(ref).queryKey;
      queryClient.setQueryData(key, (current) => (current ? { ...current, building: view } : current));
      // Access rules (owners' finances, self-service) change what the shell allows: ask again.
      void queryClient.invalidateQueries({ queryKey: key });
      const next = savedOf(view, language);
      setSaved(next);
      setValues(next.values);
      notifySuccess(t('admin.building.saved'));
    },
    onError: (error, body) => {
      if (error instanceof ApiError) {
        const fieldIssues = error.issues.filter((issue) => issue.path.length > 0);
        form.setErrors(issuesToErrors(toFormIssues(fieldIssues, body)));
      }
      notifyError(error);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit((values) => {
      const { body } = prepareEdit(saved.values, values);
      if (!body) return;
      // Retyped the same values ("12.5" for "12.50"): nothing to send.
      if (Object.keys(body).length === 0) setValues(saved.values);
      else save.mutate(body);
    })(event);
    // Sections are long: bring the first field to correct into view.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  const disabled = !canEdit || save.isPending;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="settings-form">
      <Stack gap="md" maw={880}>
        {!canEdit && (
          <Alert color="gray" variant="light">
            {t('admin.building.readOnly')}
          </Alert>
        )}
        <BuildingIdentity form={form} disabled={disabled} />
        <BuildingAddress form={form} disabled={disabled} />
        <BuildingFinances form={form} disabled={disabled} />
        <BuildingApprovals form={form} disabled={disabled} />
        <BuildingOwnerAccess form={form} disabled={disabled} />
        <BuildingTaxes form={form} disabled={disabled} />
        <BuildingOtonom form={form} disabled={disabled} />
        {canEdit && (
          <SaveBar
            pristine={pristine}
            saving={save.isPending}
            errors={form.errors}
            onDiscard={form.reset}
            saveLabel={t('admin.building.save')}
          />
        )}
      </Stack>
    </form>
  );
}
