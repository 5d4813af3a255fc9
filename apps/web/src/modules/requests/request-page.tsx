import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import {
  languageOf,
  limits,
  requestStatuses,
  type RequestDetail,
  type RequestEdit,
  type RequestFormOptions,
} from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../app/notify';
import { useBuildingShell } from '../../app/shell/building-context';
import { FormActions } from '../../ui/form-actions';
import { serverErrors, type FormErrors } from '../../ui/form-validation';
import { formatDateTime } from '../../ui/format';
import { Page } from '../../ui/page';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { RecordFormModal } from '../../ui/record-panel';
import { AnchorLink } from '../../ui/router-link';
import { RequestConversation } from './mail/request-conversation';
import { StatusBadge, TagBadge, TagBadges } from './request-bits';
import {
  requestFileUrl,
  useRequest,
  useRequestFormOptions,
  useRequestList,
  useRequestWrites,
} from './requests-api';
import { requestRoute } from './routes';

/**
 * One request: what it is, its files and its conversation; to handlers, its status, assignee,
 * tags and unit as selects that save at once (a phone's whole work), the internal notes, merge and
 * delete.
 */
export function RequestPage() {
  const { t } = useTranslation();
  const { requestUuid } = requestRoute.useParams();
  const { building, can, href } = useBuildingShell();
  const ref = building.buildingRef;
  const request = useRequest(ref, requestUuid);
  const options = useRequestFormOptions(ref);
  const handles = can('requests.handle');

  const content = (() => {
    if (request.error) return <QueryError error={request.error} onRetry={() => void request.refetch()} />;
    if (!request.data || !options.data) return <PageLoader />;
    return <RequestView request={request.data} options={options.data} handles={handles} />;
  })();
  return (
    <Page
      title={
        request.data
          ? `${t('requests.list.number', { number: request.data.number })} · ${request.data.title}`
          : ''
      }
      actions={<AnchorLink to={href('requests/all')}>{t('requests.detail.back')}</AnchorLink>}
    >
      {content}
    </Page>
  );
}

function RequestView({
  request,
  options,
  handles,
}: {
  request: RequestDetail;
  options: RequestFormOptions;
  handles: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building, can, href } = useBuildingShell();
  const ref = building.buildingRef;
  const writes = useRequestWrites(ref);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const mayAddFiles = handles || can('requests.create.self');

  const save = (body: RequestEdit) =>
    writes.edit.mutate(
      { uuid: request.uuid, body },
      { onError: (error) => notifyError(error, t('requests.errors.edit'), { withoutForm: true }) },
    );
  const remove = () => {
    if (!window.confirm(t('requests.detail.deleteConfirm', { number: request.number }))) return;
    writes.remove.mutate(request.uuid, {
      onSuccess: () => void navigate({ href: href('requests/all') }),
      onError: (error) => notifyError(error, t('requests.errors.delete'), { withoutForm: true }),
    });
  };
  const unitLabel = request.unitNumber ?? t('requests.fields.noUnit');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          {handles ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <Select
                label={t('requests.fields.status')}
                data={requestStatuses.map((s) => ({ value: s, label: t(`requests.status.${s}`) }))}
                value={request.status}
                onChange={(value) =>
                  value && value !== request.status && save({ status: value as RequestDetail['status'] })
                }
                allowDeselect={false}
              />
              <Select
                label={t('requests.fields.assignee')}
                placeholder={t('requests.list.nobody')}
                data={options.handlers.map((h) => ({ value: h.id, label: h.name }))}
                value={request.assigneeId}
                onChange={(value) => save({ assigneeId: value })}
                clearable
                searchable
              />
              <Select
                label={t('requests.fields.unit')}
                placeholder={t('requests.fields.noUnit')}
                data={options.units.map((u) => ({ value: u.uuid, label: u.number }))}
                value={request.unitUuid}
                onChange={(value) => save({ unitUuid: value })}
                clearable
                searchable
              />
              <MultiSelect
                label={t('requests.fields.tags')}
                data={options.tags.map((tag) => ({ value: tag.uuid, label: tag.name }))}
                renderOption={({ option }) => {
                  const tag = options.tags.find((x) => x.uuid === option.value);
                  return tag ? <TagBadge tag={tag} /> : option.label;
                }}
                value={request.tags}
                onChange={(value) => save({ tags: value })}
                searchable
              />
            </SimpleGrid>
          ) : (
            <Group gap="sm">
              <StatusBadge status={request.status} />
              <TagBadges uuids={request.tags} tags={options.tags} />
            </Group>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Field label={t('requests.fields.requester')}>
              {request.requesterName}
              {request.requesterEmail && ` <${request.requesterEmail}>`}
            </Field>
            {!handles && <Field label={t('requests.fields.unit')}>{unitLabel}</Field>}
            {!handles && request.assigneeName && (
              <Field label={t('requests.fields.assignee')}>{request.assigneeName}</Field>
            )}
            <Field label={t('requests.fields.createdAt')}>
              {formatDateTime(request.createdAt, language)}
            </Field>
            <Field label={t('requests.fields.lastActivity')}>
              {formatDateTime(request.lastActivityAt, language)}
            </Field>
          </SimpleGrid>
          {request.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.description}
            </Text>
          )}
          {handles && (
            <Group gap="sm" justify="flex-end" wrap="wrap">
              <Button variant="default" onClick={() => setEditing(true)}>
                {t('requests.detail.editTitle')}
              </Button>
              <Button variant="default" onClick={() => setMerging(true)}>
                {t('requests.detail.merge')}
              </Button>
              <Button color="red" variant="light" onClick={remove} loading={writes.remove.isPending}>
                {t('requests.detail.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      <FilesPanel request={request} mayChange={mayAddFiles} />
      {request.notes && <NotesPanel request={request} />}

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('requests.detail.conversation')}
        </Title>
        <RequestConversation buildingRef={ref} requestUuid={request.uuid} />
      </Stack>

      {editing && <EditDialog request={request} onClose={() => setEditing(false)} />}
      {merging && <MergeDialog request={request} onClose={() => setMerging(false)} />}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function FilesPanel({ request, mayChange }: { request: RequestDetail; mayChange: boolean }) {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  const { attach, detach } = useRequestWrites(ref);
  const add = (files: File[]) =>
    files.length > 0 &&
    attach.mutate(
      { uuid: request.uuid, files },
      { onError: (error) => notifyError(error, t('requests.errors.edit'), { withoutForm: true }) },
    );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('requests.detail.files')}
          </Title>
          {mayChange && (
            <FileButton onChange={add} multiple>
              {(props) => (
                <Button {...props} variant="light" size="xs" loading={attach.isPending}>
                  {t('requests.detail.addFiles')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {request.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('requests.detail.noFiles')}
          </Text>
        ) : (
          request.attachments.map((file) => (
            <Group key={file.fileId} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor
                href={requestFileUrl(ref, request.uuid, file.fileId)}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {file.fileName}
              </Anchor>
              {mayChange && (
                <CloseButton
                  aria-label={t('requests.detail.removeFile', { name: file.fileName })}
                  onClick={() =>
                    detach.mutate(
                      { uuid: request.uuid, fileId: file.fileId },
                      {
                        onError: (error) =>
                          notifyError(error, t('requests.errors.edit'), { withoutForm: true }),
                      },
                    )
                  }
                />
              )}
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}

function NotesPanel({ request }: { request: RequestDetail }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const { building } = useBuildingShell();
  const { note } = useRequestWrites(building.buildingRef);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const add = () =>
    note.mutate(
      { uuid: request.uuid, text },
      {
        onSuccess: () => setText(''),
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('requests.errors.edit'));
        },
      },
    );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="var(--mantine-color-yellow-light)">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('requests.detail.notes')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('requests.detail.notesHint')}
        </Text>
        {(request.notes ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('requests.detail.noNotes')}
          </Text>
        ) : (
          (request.notes ?? []).map((n) => (
            <div key={n.uuid}>
              <Text size="xs" c="dimmed">
                {n.authorName} · {formatDateTime(n.at, language)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {n.text}
              </Text>
            </div>
          ))
        )}
        <Textarea
          aria-label={t('requests.detail.addNote')}
          placeholder={t('requests.detail.addNote')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setErrors({});
          }}
          error={errors.text}
          maxLength={limits.notes}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button size="xs" onClick={add} loading={note.isPending} disabled={text.trim() === ''}>
            {t('requests.detail.addNote')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EditDialog({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { building } = useBuildingShell();
  const { edit } = useRequestWrites(building.buildingRef);
  const [title, setTitle] = useState(request.title);
  const [description, setDescription] = useState(request.description);
  const [errors, setErrors] = useState<FormErrors>({});
  const submit = () =>
    edit.mutate(
      { uuid: request.uuid, body: { title: title.trim(), description } },
      {
        onSuccess: () => {
          notifySuccess(t('requests.detail.saved'));
          onClose();
        },
        onError: (error) => {
          setErrors(serverErrors(error));
          notifyError(error, t('requests.errors.edit'));
        },
      },
    );
  return (
    <RecordFormModal opened onClose={onClose} title={t('requests.detail.editTitle')}>
      <Stack gap="md">
        <TextInput
          label={t('requests.fields.title')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          required
        />
        <Textarea
          label={t('requests.fields.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          maxLength={limits.longText}
          autosize
          minRows={4}
        />
        <FormActions errors={errors}>
          <Button variant="default" onClick={onClose}>
            {t('requests.form.cancel')}
          </Button>
          <Button onClick={submit} loading={edit.isPending}>
            {t('requests.detail.save')}
          </Button>
        </FormActions>
      </Stack>
    </RecordFormModal>
  );
}

function MergeDialog({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { building, href } = useBuildingShell();
  const ref = building.buildingRef;
  const navigate = useNavigate();
  const { merge } = useRequestWrites(ref);
  const [q, setQ] = useState('');
  const [into, setInto] = useState<string | null>(null);
  const candidates = useRequestList(ref, { q, page: 1 });
  const data = (candidates.data?.items ?? [])
    .filter((r) => r.uuid !== request.uuid)
    .map((r) => ({
      value: r.uuid,
      label: `${t('requests.list.number', { number: r.number })} · ${r.title}`,
    }));
  const submit = () =>
    into &&
    merge.mutate(
      { uuid: request.uuid, intoUuid: into },
      {
        onSuccess: (merged) => {
          onClose();
          void navigate({ href: href(`requests/all/${merged.uuid}`) });
        },
        onError: (error) => notifyError(error, t('requests.errors.merge'), { withoutForm: true }),
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('requests.detail.mergeTitle', { number: request.number })}>
      <Stack gap="md">
        <Text size="sm">{t('requests.detail.mergeHint')}</Text>
        <Select
          label={t('requests.detail.mergeInto')}
          data={data}
          value={into}
          onChange={setInto}
          searchable
          onSearchChange={(typed) => {
            // Choosing an option writes its label in the box: that is no new search.
            if (!data.some((option) => option.label === typed)) setQ(typed);
          }}
          filter={({ options }) => options}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('requests.form.cancel')}
          </Button>
          <Button onClick={submit} disabled={!into} loading={merge.isPending}>
            {t('requests.detail.mergeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
