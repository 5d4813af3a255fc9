import { useState } from 'react';
import { Badge, Button, ColorInput, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { requestTagNameMax, type RequestHandler, type RequestTag, type RequestTagInput } from '@copro/domain';
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
import { TagBadge } from './request-bits';
import {
  buildingPlace,
  groupPlace,
  useGroupHandlers,
  useRequestFormOptions,
  useTagWrites,
  useTags,
  type KeeperPlace,
} from './requests-api';

/** SPEC 2 requests/tags of a building: its own tags, and its group's (changed in the group). */
export function BuildingTagsPage() {
  const { building } = useBuildingShell();
  const options = useRequestFormOptions(building.buildingRef);
  return (
    <TagsPage
      place={buildingPlace(building.buildingRef)}
      scope="building"
      handlers={options.data?.handlers}
    />
  );
}

/** SPEC 2 requests/tags of a building group: offered in each of its buildings. */
export function GroupTagsPage() {
  const { group } = useGroupShell();
  const handlers = useGroupHandlers(group.id);
  return <TagsPage place={groupPlace(group.id)} scope="group" handlers={handlers.data?.items} />;
}

function TagsPage({
  place,
  scope,
  handlers,
}: {
  place: KeeperPlace;
  scope: RequestTag['scope'];
  handlers: RequestHandler[] | undefined;
}) {
  const { t } = useTranslation();
  const tags = useTags(place);
  const { remove } = useTagWrites(place);
  const [editing, setEditing] = useState<RequestTag | 'new' | null>(null);
  const del = (tag: RequestTag) => {
    if (!window.confirm(t('requests.tags.deleteConfirm', { name: tag.name }))) return;
    remove.mutate(tag.uuid, {
      onError: (error) => notifyError(error, t('requests.errors.tag'), { withoutForm: true }),
    });
  };
  const content = (() => {
    if (tags.error) return <QueryError error={tags.error} onRetry={() => void tags.refetch()} />;
    if (!tags.data) return <PageLoader />;
    if (tags.data.items.length === 0) return <EmptyPanel>{t('requests.tags.empty')}</EmptyPanel>;
    return (
      <Stack gap="xs">
        {tags.data.items.map((tag) => (
          <Paper key={tag.uuid} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs">
                <TagBadge tag={tag} />
                {tag.scope !== scope && <Badge variant="outline">{t('requests.tags.fromGroup')}</Badge>}
                <Text size="sm" c="dimmed">
                  {t('requests.tags.defaultHandler')}:{' '}
                  {tag.defaultHandlerName ?? t('requests.tags.noHandler')}
                </Text>
              </Group>
              {tag.scope === scope && (
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditing(tag)}>
                    {t('requests.tags.edit')}
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => del(tag)}>
                    {t('requests.tags.delete')}
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  })();
  return (
    <Page
      title={t('requests.tags.title')}
      actions={<Button onClick={() => setEditing('new')}>{t('requests.tags.new')}</Button>}
    >
      {content}
      {editing && (
        <TagDialog
          place={place}
          tag={editing === 'new' ? null : editing}
          handlers={handlers ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

function TagDialog({
  place,
  tag,
  handlers,
  onClose,
}: {
  place: KeeperPlace;
  tag: RequestTag | null;
  handlers: RequestHandler[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { save } = useTagWrites(place);
  const [values, setValues] = useState<RequestTagInput>({
    name: tag?.name ?? '',
    color: tag?.color ?? '#228be6',
    defaultHandlerId: tag?.defaultHandlerId ?? null,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (changes: Partial<RequestTagInput>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors({});
  };
  const submit = () =>
    save.mutate(
      { uuid: tag?.uuid ?? null, body: { ...values, name: values.name.trim() } },
      {
        onSuccess: onClose,
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('requests.errors.tag'));
        },
      },
    );
  return (
    <RecordFormModal
      opened
      onClose={onClose}
      title={tag ? t('requests.tags.edit') : t('requests.tags.new')}
      size="md"
    >
      <Stack gap="md">
        <TextInput
          label={t('requests.tags.name')}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          maxLength={requestTagNameMax}
          error={errors.name}
          required
        />
        <ColorInput
          label={t('requests.tags.color')}
          format="hex"
          value={values.color}
          onChange={(color) => set({ color })}
          error={errors.color}
          required
        />
        <Select
          label={t('requests.tags.defaultHandler')}
          placeholder={t('requests.tags.noHandler')}
          data={handlers.map((h) => ({ value: h.id, label: h.name }))}
          value={values.defaultHandlerId ?? null}
          onChange={(value) => set({ defaultHandlerId: value })}
          error={errors.defaultHandlerId}
          clearable
          searchable
        />
        <Group>
          <TagBadge tag={{ name: values.name || '…', color: values.color }} />
        </Group>
        <FormActions errors={errors}>
          <Button variant="default" onClick={onClose}>
            {t('requests.form.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('requests.tags.save')}
          </Button>
        </FormActions>
      </Stack>
    </RecordFormModal>
  );
}
