import { useState } from 'react';
import { Badge, Button, Group, MultiSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  limits,
  type RequestEmailTemplate,
  type RequestEmailTemplateInput,
  type RequestTag,
} from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../app/notify';
import { useBuildingShell } from '../../app/shell/building-context';
import { useGroupShell } from '../../app/shell/group-context';
import { FormActions } from '../../ui/form-actions';
import { serverErrors, type FormErrors } from '../../ui/form-validation';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { EmptyPanel, RecordFormModal } from '../../ui/record-panel';
import { RichTextField } from '../../ui/rich-text-editor';
import { TagBadges } from './request-bits';
import {
  buildingPlace,
  groupPlace,
  useTags,
  useTemplateWrites,
  useTemplates,
  type KeeperPlace,
} from './requests-api';

/** The merge fields a request's reply fills (the render route gives them). */
export const requestMergeFields = [
  'requestNumber',
  'requestTitle',
  'recipientName',
  'unitNumber',
  'handlerName',
  'buildingName',
] as const;

/** SPEC 2 requests/templates of a building: its own, and its group's (changed in the group). */
export function BuildingTemplatesPage() {
  const { building } = useBuildingShell();
  return <TemplatesPage place={buildingPlace(building.buildingRef)} scope="building" />;
}

/** SPEC 2 requests/templates of a building group: offered in each of its buildings. */
export function GroupTemplatesPage() {
  const { group } = useGroupShell();
  return <TemplatesPage place={groupPlace(group.id)} scope="group" />;
}

function TemplatesPage({ place, scope }: { place: KeeperPlace; scope: RequestEmailTemplate['scope'] }) {
  const { t } = useTranslation();
  const templates = useTemplates(place);
  const tags = useTags(place);
  const { remove } = useTemplateWrites(place);
  const [editing, setEditing] = useState<RequestEmailTemplate | 'new' | null>(null);
  const del = (template: RequestEmailTemplate) => {
    if (!window.confirm(t('requests.templates.deleteConfirm', { name: template.name }))) return;
    remove.mutate(template.uuid, {
      onError: (error) => notifyError(error, t('requests.errors.template'), { withoutForm: true }),
    });
  };
  const content = (() => {
    if (templates.error)
      return <QueryError error={templates.error} onRetry={() => void templates.refetch()} />;
    if (!templates.data) return <PageLoader />;
    if (templates.data.items.length === 0) return <EmptyPanel>{t('requests.templates.empty')}</EmptyPanel>;
    return (
      <Stack gap="xs">
        {templates.data.items.map((template) => (
          <Paper key={template.uuid} withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs">
                  <Text fw={600}>{template.name}</Text>
                  {template.scope !== scope && (
                    <Badge variant="outline">{t('requests.templates.fromGroup')}</Badge>
                  )}
                </Group>
                {template.scope === scope && (
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setEditing(template)}>
                      {t('requests.templates.edit')}
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => del(template)}>
                      {t('requests.templates.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {template.subject}
              </Text>
              <TagBadges uuids={template.tags} tags={tags.data?.items ?? []} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  })();
  return (
    <Page
      title={t('requests.templates.title')}
      actions={<Button onClick={() => setEditing('new')}>{t('requests.templates.new')}</Button>}
    >
      {content}
      {editing && (
        <TemplateDialog
          place={place}
          template={editing === 'new' ? null : editing}
          tags={tags.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

function TemplateDialog({
  place,
  template,
  tags,
  onClose,
}: {
  place: KeeperPlace;
  template: RequestEmailTemplate | null;
  tags: RequestTag[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { save } = useTemplateWrites(place);
  const [values, setValues] = useState<Required<RequestEmailTemplateInput>>({
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    body: template?.body ?? '',
    tags: template?.tags ?? [],
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (changes: Partial<RequestEmailTemplateInput>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };
  const submit = () =>
    save.mutate(
      {
        uuid: template?.uuid ?? null,
        body: { ...values, name: values.name.trim(), subject: values.subject.trim() },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('requests.errors.template'));
        },
      },
    );
  return (
    <RecordFormModal
      opened
      onClose={onClose}
      title={template ? t('requests.templates.edit') : t('requests.templates.new')}
    >
      <Stack gap="md">
        <TextInput
          label={t('requests.templates.name')}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          maxLength={limits.name}
          error={errors.name}
          required
        />
        <TextInput
          label={t('requests.templates.subject')}
          value={values.subject}
          onChange={(e) => set({ subject: e.currentTarget.value })}
          maxLength={limits.displayName}
          error={errors.subject}
          required
        />
        <RichTextField
          label={t('requests.templates.body')}
          description={t('requests.templates.bodyHint', {
            fields: requestMergeFields.map((f) => `{{${f}}}`).join(' '),
            interpolation: { escapeValue: false },
          })}
          value={values.body}
          onChange={(body) => set({ body })}
          error={errors.body}
        />
        <MultiSelect
          label={t('requests.templates.tags')}
          data={tags.map((tag) => ({ value: tag.uuid, label: tag.name }))}
          value={values.tags}
          onChange={(value) => set({ tags: value })}
          error={errors.tags}
          searchable
        />
        <FormActions errors={errors}>
          <Button variant="default" onClick={onClose}>
            {t('requests.form.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('requests.templates.save')}
          </Button>
        </FormActions>
      </Stack>
    </RecordFormModal>
  );
}
