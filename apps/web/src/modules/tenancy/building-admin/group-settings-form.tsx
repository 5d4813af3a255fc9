import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buildingGroupEditSchema, buildingGroupViewSchema, dropEmpty } from '@copro/domain';
import { api } from '../../../app/api';
import { notifyError, notifySuccess } from '../../../app/notify';
import { buildingGroupQuery } from '../../../app/shell/building-query';
import type { BuildingGroupView } from '@copro/domain';
import { serverErrors, validateWith } from '../../../ui/form-validation';
import { useForm } from '../../../ui/use-form';
import { groupPath } from './admin-api';
import { FormSection } from '../../../ui/form-section';

type GroupValues = { name: string; logoUrl: string };

const valuesOf = (group: BuildingGroupView): GroupValues => ({
  name: group.name,
  logoUrl: group.logoUrl ?? '',
});

/** The group's name and logo. The PATCH takes both: a logo URL left empty removes the logo. */
export function GroupSettingsForm({ group, canEdit }: { group: BuildingGroupView; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saved = valuesOf(group);
  const form = useForm<GroupValues>({
    initialValues: saved,
    validate: validateWith<GroupValues>(buildingGroupEditSchema),
  });
  const pristine = form.values.name === saved.name && form.values.logoUrl === saved.logoUrl;

  const save = useMutation({
    mutationFn: (values: GroupValues) =>
      api(groupPath(group.id), {
        response: buildingGroupViewSchema,
        method: 'PATCH',
        body: buildingGroupEditSchema.parse(dropEmpty(values)),
      }),
    onSuccess: (view) => {
      queryClient.setQueryData(buildingGroupQuery(group.id).queryKey, view);
      // The dashboard and the switchers show the group's name.
      void queryClient.invalidateQueries({ queryKey: ['memberships'] });
      notifySuccess(t('admin.group.saved'));
    },
    onError: (error) => {
      form.setErrors(serverErrors(error));
      notifyError(error);
    },
  });

  const disabled = !canEdit || save.isPending;
  return (
    <FormSection title={t('admin.group.settings')}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="sm">
          {!canEdit && (
            <Alert color="gray" variant="light">
              {t('admin.group.readOnly')}
            </Alert>
          )}
          <TextInput label={t('admin.group.name')} required disabled={disabled} {...form.textProps('name')} />
          <TextInput
            label={t('admin.group.logoUrl')}
            description={t('admin.group.logoUrlHint')}
            type="url"
            placeholder="https://"
            disabled={disabled}
            {...form.textProps('logoUrl')}
          />
          {canEdit && (
            <Group justify="flex-end" gap="xs">
              {!pristine && (
                <Button variant="default" disabled={save.isPending} onClick={form.reset}>
                  {t('admin.form.discard')}
                </Button>
              )}
              <Button type="submit" disabled={pristine} loading={save.isPending}>
                {t('admin.group.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </FormSection>
  );
}
