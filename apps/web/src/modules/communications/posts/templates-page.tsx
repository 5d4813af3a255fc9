import { useState } from 'react';
import { Badge, Button, Card, Group, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  postTemplateInputSchema,
  type PostTemplate,
  type PostTemplateFormValues,
  type RecipientValue,
} from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { useGroupShell } from '../../../app/shell/group-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { serverErrors, validateWith, type FormErrors } from '../../../ui/form-validation';
import { useRecords } from '../../registry';
import { usePostTemplates, useTemplateActions } from './posts-api';
import { filledTexts, recipientLabel, recipientOptions } from './recipient-options';
import { emptyTexts, TextsEditor, type TextsValue } from './texts-editor';

const validate = validateWith<PostTemplateFormValues>(postTemplateInputSchema);
type Scope = { buildingRef: string } | { groupId: string };

function TemplateForm({
  scope,
  template,
  options,
  onDone,
}: {
  scope: Scope;
  template: PostTemplate | null;
  options: { value: string; label: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { save } = useTemplateActions(scope);
  const [name, setName] = useState(template?.name ?? '');
  const [texts, setTexts] = useState<TextsValue>({
    en: template?.texts.en ?? emptyTexts.en,
    fr: template?.texts.fr ?? emptyTexts.fr,
  });
  const [recipients, setRecipients] = useState<string[]>(template?.recipients ?? []);
  const [sendEmail, setSendEmail] = useState(template?.sendEmail ?? true);
  const [errors, setErrors] = useState<FormErrors>({});
  const submit = () => {
    const values: PostTemplateFormValues = {
      name,
      texts: filledTexts(texts),
      recipients: recipients as RecipientValue[],
      sendEmail,
    };
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { uuid: template?.uuid ?? null, values },
      {
        onSuccess: () => {
          notifySuccess(t('posts.templates.saved'));
          onDone();
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error);
        },
      },
    );
  };
  return (
    <Card withBorder>
      <Stack gap="md">
        <TextInput
          label={t('posts.templates.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <TextsEditor value={texts} onChange={setTexts} errors={errors} version={0} />
        {options.length > 0 ? (
          <MultiSelect
            label={t('posts.form.recipients')}
            data={options}
            value={recipients}
            onChange={setRecipients}
            searchable
            error={errors.recipients}
          />
        ) : null}
        <Switch
          label={t('posts.form.sendEmail')}
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('posts.templates.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('posts.templates.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The templates of a building (its group's listed, read-only) or of a group, with their form. */
function TemplatesView({
  scope,
  title,
  options,
}: {
  scope: Scope;
  title: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const templates = usePostTemplates(scope);
  const { remove } = useTemplateActions(scope);
  const [editing, setEditing] = useState<PostTemplate | 'new' | null>(null);
  const editable = (tp: PostTemplate) =>
    'groupId' in scope ? tp.scope === 'group' : tp.scope === 'building';
  return (
    <Page
      title={title}
      actions={
        editing === null ? (
          <Button onClick={() => setEditing('new')}>{t('posts.templates.new')}</Button>
        ) : null
      }
    >
      {editing !== null ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.uuid}
          scope={scope}
          template={editing === 'new' ? null : editing}
          options={options}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {templates.isPending ? (
        <PageLoader />
      ) : templates.isError ? (
        <QueryError error={templates.error} />
      ) : templates.data.length === 0 ? (
        <Text c="dimmed">{t('posts.templates.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {templates.data.map((tp) => (
            <Card key={`${tp.scope}-${tp.uuid}`} withBorder padding="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{tp.name}</Text>
                    <Badge size="sm" variant="outline">
                      {t(tp.scope === 'group' ? 'posts.templates.group' : 'posts.templates.building')}
                    </Badge>
                  </Group>
                  <Group gap={4} wrap="wrap">
                    {tp.recipients.map((r) => (
                      <Badge key={r} size="sm" variant="light">
                        {recipientLabel(r, t)}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                {editable(tp) ? (
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => setEditing(tp)}>
                      {t('posts.templates.edit')}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      onClick={() => {
                        if (!window.confirm(t('posts.templates.deleteConfirm'))) return;
                        remove.mutate(tp.uuid, {
                          onSuccess: () => notifySuccess(t('posts.templates.deleted')),
                          onError: (error) => notifyError(error),
                        });
                      }}
                    >
                      {t('posts.templates.delete')}
                    </Button>
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('posts.templates.groupReadOnly')}
                  </Text>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Page>
  );
}

/** SPEC 2 posts/templates of a building: recipients offered from its registry. */
export function BuildingTemplatesPage() {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const units = useRecords('units');
  return (
    <TemplatesView
      scope={{ buildingRef: building.buildingRef }}
      title={t('posts.templates.title')}
      options={recipientOptions(units.data ?? [], t)}
    />
  );
}

/** The group's posts/templates: shared by its buildings, so only the kinds that every building has. */
export function GroupTemplatesPage() {
  const { t } = useTranslation();
  const { group } = useGroupShell();
  return (
    <TemplatesView
      scope={{ groupId: group.id }}
      title={t('posts.templates.groupTitle')}
      options={recipientOptions([], t)}
    />
  );
}
