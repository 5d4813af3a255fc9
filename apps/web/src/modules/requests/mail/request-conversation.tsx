import { useEffect, useRef, useState } from 'react';
import { Button, FileInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  requestMailLimits,
  requestReplySchema,
  type RequestEmail,
  type RequestReplyInput,
} from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { FormActions } from '../../../ui/form-actions';
import { serverErrors, validateWith, type FormErrors } from '../../../ui/form-validation';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RichTextField } from '../../../ui/rich-text-editor';
import { useForm } from '../../../ui/use-form';
import { buildingPlace, useRequest, useTemplates } from '../requests-api';
import { EmailCard } from './email-bits';
import { renderTemplate, useConversation, useEmailWrites, useSendReply } from './mail-api';
import { initialReplyValues, replyOfValues, type ReplyValues } from './reply-values';

/**
 * A request's emails as a conversation: with the reply form and read marks for its handlers
 * (requests.handle), read only for its requester (an owner or resident on their own request).
 */
export function RequestConversation({
  buildingRef,
  requestUuid,
}: {
  buildingRef: string;
  requestUuid: string;
}) {
  const { can } = useBuildingShell();
  return can('requests.handle') ? (
    <Conversation buildingRef={buildingRef} requestUuid={requestUuid} />
  ) : (
    <ReadOnlyConversation buildingRef={buildingRef} requestUuid={requestUuid} />
  );
}

function EmptyConversation() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('requestMail.conversation.empty')}
    </Text>
  );
}

function ReadOnlyConversation({ buildingRef, requestUuid }: { buildingRef: string; requestUuid: string }) {
  const conversation = useConversation(buildingRef, requestUuid);
  if (conversation.isPending) return <PageLoader />;
  if (conversation.isError)
    return <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />;
  const emails = conversation.data.items;
  return (
    <Stack gap="sm">
      {emails.length === 0 && <EmptyConversation />}
      {emails.map((email) => (
        // Read marks are the handlers' work list, not the requester's.
        <EmailCard key={email.uuid} buildingRef={buildingRef} email={email} showsRead={false} />
      ))}
    </Stack>
  );
}

function Conversation({ buildingRef, requestUuid }: { buildingRef: string; requestUuid: string }) {
  const { t } = useTranslation();
  const conversation = useConversation(buildingRef, requestUuid);
  const request = useRequest(buildingRef, requestUuid);
  const writes = useEmailWrites(buildingRef);
  // Opening the conversation reads it: each email unread when it was first shown is marked read
  // once, so "Mark as unread" afterwards sticks.
  const seen = useRef(new Set<string>());
  const { mutate: markRead } = writes.markRead;
  useEffect(() => {
    for (const email of conversation.data?.items ?? []) {
      if (email.self || email.read || seen.current.has(email.uuid)) continue;
      seen.current.add(email.uuid);
      markRead({ uuid: email.uuid, read: true });
    }
  }, [conversation.data, markRead]);
  if (conversation.isPending || request.isPending) return <PageLoader />;
  if (conversation.isError)
    return <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />;
  if (request.isError) return <QueryError error={request.error} onRetry={() => void request.refetch()} />;
  const emails = conversation.data.items;
  const latest = emails[emails.length - 1] ?? null;
  const toggleRead = (email: RequestEmail) =>
    writes.markRead.mutate(
      { uuid: email.uuid, read: !email.read },
      { onError: (error) => notifyError(error) },
    );

  return (
    <Stack gap="sm">
      {emails.length === 0 && <EmptyConversation />}
      {emails.map((email) => (
        <EmailCard
          key={email.uuid}
          buildingRef={buildingRef}
          email={email}
          actions={
            !email.self && (
              <Button size="xs" variant="subtle" onClick={() => toggleRead(email)}>
                {email.read ? t('requestMail.actions.markUnread') : t('requestMail.actions.markRead')}
              </Button>
            )
          }
        />
      ))}
      <ReplyForm
        // A new reply starts from the thread as it now stands.
        key={latest?.uuid ?? 'first'}
        buildingRef={buildingRef}
        requestUuid={requestUuid}
        initial={initialReplyValues(request.data.requesterEmail, latest?.subject ?? null, request.data.title)}
      />
    </Stack>
  );
}

const validateReply = (values: ReplyValues): FormErrors =>
  validateWith<RequestReplyInput>(requestReplySchema)(replyOfValues(values));

/** The first error under a field or one of its items (`to.3`: the fourth address). */
const errorOf = (errors: FormErrors, field: string) =>
  errors[field] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field}.`))?.[1];

function ReplyForm({
  buildingRef,
  requestUuid,
  initial,
}: {
  buildingRef: string;
  requestUuid: string;
  initial: ReplyValues;
}) {
  const { t } = useTranslation();
  const form = useForm<ReplyValues>({ initialValues: initial, validate: validateReply });
  const [files, setFiles] = useState<File[]>([]);
  // The editor takes its content when it is made: a template's text makes a new one.
  const [editorKey, setEditorKey] = useState(0);
  const templates = useTemplates(buildingPlace(buildingRef));
  const send = useSendReply(buildingRef, requestUuid);

  const insertTemplate = async (uuid: string | null) => {
    if (!uuid) return;
    try {
      const rendered = await renderTemplate(buildingRef, uuid, requestUuid);
      form.setFieldValue('subject', rendered.subject || form.values.subject);
      form.setFieldValue('body', rendered.body);
      setEditorKey((k) => k + 1);
    } catch (error) {
      notifyError(error);
    }
  };

  const submit = form.onSubmit((values) => {
    const reply = requestReplySchema.parse(replyOfValues(values));
    send.mutate(
      { reply, files },
      {
        onSuccess: () => notifySuccess(t('requestMail.reply.sent')),
        onError: (error) => {
          form.setErrors(serverErrors(error));
          notifyError(error);
        },
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('requestMail.reply.title')}
        </Title>
        <TextInput
          label={t('requestMail.reply.to')}
          description={t('requestMail.reply.addressesHint')}
          required
          {...form.textProps('to')}
          error={errorOf(form.errors, 'to')}
        />
        <TextInput
          label={t('requestMail.reply.cc')}
          {...form.textProps('cc')}
          error={errorOf(form.errors, 'cc')}
        />
        <TextInput label={t('requestMail.reply.subject')} required {...form.textProps('subject')} />
        {(templates.data?.items.length ?? 0) > 0 && (
          <Select
            label={t('requestMail.reply.template')}
            placeholder={t('requestMail.reply.templatePlaceholder')}
            data={(templates.data?.items ?? []).map((tpl) => ({ value: tpl.uuid, label: tpl.name }))}
            value={null}
            onChange={(value) => void insertTemplate(value)}
            searchable
            clearable
          />
        )}
        <RichTextField
          key={editorKey}
          label={t('requestMail.reply.body')}
          value={form.values.body}
          onChange={(html) => form.setFieldValue('body', html)}
          error={form.errors.body}
        />
        <FileInput
          label={t('requestMail.reply.files')}
          description={t('requestMail.reply.filesHint', { max: requestMailLimits.attachments })}
          multiple
          clearable
          value={files}
          onChange={(chosen) => setFiles(chosen.slice(0, requestMailLimits.attachments))}
          error={errorOf(form.errors, 'files')}
        />
        <FormActions errors={form.errors}>
          <Button type="submit" loading={send.isPending}>
            {t('requestMail.reply.send')}
          </Button>
        </FormActions>
      </Stack>
    </Paper>
  );
}
