import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { languageOf, type LooseEmailFolder, type RequestEmailSummary } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { formatDateTime } from '../../../ui/format';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { useRequestList } from '../requests-api';
import { EmailCard, senderOf } from './email-bits';
import { emailPageSize, useEmail, useEmailFolder, useEmailWrites, useRequestMailAddress } from './mail-api';

/** The folders of emails outside requests; "unassigned" shows the unknown senders' too (the badge's emails). */
export type EmailFolder = LooseEmailFolder;

const folderMoves: LooseEmailFolder[] = ['unassigned', 'unknown', 'spam', 'archived'];

/** One folder of the building's request emails, a page at a time, newest first. */
export function EmailFolderView({ buildingRef, folder }: { buildingRef: string; folder: EmailFolder }) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const emails = useEmailFolder(buildingRef, folder, page);
  const address = useRequestMailAddress(buildingRef);

  return (
    <Stack gap="sm">
      {address.data && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t(
            address.data.receiving ? 'requestMail.folder.address' : 'requestMail.folder.addressNotReceiving',
            {
              address: address.data.address,
            },
          )}
        </Text>
      )}
      {emails.isPending ? (
        <PageLoader />
      ) : emails.isError ? (
        <QueryError error={emails.error} onRetry={() => void emails.refetch()} />
      ) : emails.data.items.length === 0 ? (
        <Text c="dimmed">{t(`requestMail.folder.empty.${folder}`)}</Text>
      ) : (
        <Stack gap={6}>
          {emails.data.items.map((email) => (
            <EmailRow
              key={email.uuid}
              email={email}
              language={language}
              onOpen={() => setOpened(email.uuid)}
            />
          ))}
          {emails.data.total > emailPageSize && (
            <Group justify="center">
              <Pagination
                total={Math.ceil(emails.data.total / emailPageSize)}
                value={page}
                onChange={setPage}
                size="sm"
              />
            </Group>
          )}
        </Stack>
      )}
      {opened && <EmailDialog buildingRef={buildingRef} uuid={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

function EmailRow({
  email,
  language,
  onOpen,
}: {
  email: RequestEmailSummary;
  language: ReturnType<typeof languageOf>;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm">
      <UnstyledButton
        onClick={onOpen}
        w="100%"
        aria-label={t('requestMail.folder.open', { subject: email.subject })}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={email.read ? 400 : 700} truncate>
              {senderOf(email, t)}
            </Text>
            <Text size="sm" fw={email.read ? 400 : 600} truncate>
              {email.subject || t('requestMail.noSubject')}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {email.preview}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <Text size="xs" c="dimmed">
              {formatDateTime(email.date, language)}
            </Text>
            {!email.read && (
              <Badge size="xs" color="blue">
                {t('requestMail.email.unread')}
              </Badge>
            )}
            {email.attachmentCount > 0 && (
              <Badge size="xs" variant="light" color="gray">
                {t('requestMail.folder.files', { count: email.attachmentCount })}
              </Badge>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
    </Paper>
  );
}

/** One email opened: read at once, and filed from here (a request, another folder) or deleted. */
function EmailDialog({
  buildingRef,
  uuid,
  onClose,
}: {
  buildingRef: string;
  uuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)');
  const email = useEmail(buildingRef, uuid);
  const writes = useEmailWrites(buildingRef);
  const [markedRead, setMarkedRead] = useState(false);
  const [assigning, setAssigning] = useState(false);

  // Opening an unread email reads it, once; the user may mark it unread again.
  const unread = email.data ? !email.data.read : false;
  const { mutate: markRead } = writes.markRead;
  useEffect(() => {
    if (unread && !markedRead) {
      setMarkedRead(true);
      markRead({ uuid, read: true });
    }
  }, [unread, markedRead, markRead, uuid]);

  const done = (message: string) => () => {
    notifySuccess(message);
    onClose();
  };
  const fail = (error: unknown) => notifyError(error, undefined, { withoutForm: true });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('requestMail.dialog.title')}
      size="lg"
      fullScreen={phone ?? false}
    >
      {email.isPending ? (
        <PageLoader />
      ) : email.isError ? (
        <QueryError error={email.error} onRetry={() => void email.refetch()} />
      ) : (
        <Stack gap="sm">
          <EmailCard buildingRef={buildingRef} email={email.data} />
          {assigning ? (
            <AssignPicker
              buildingRef={buildingRef}
              onPick={(requestUuid) =>
                writes.move.mutate(
                  { uuid, move: { requestUuid } },
                  { onSuccess: done(t('requestMail.dialog.assigned')), onError: fail },
                )
              }
              onCancel={() => setAssigning(false)}
            />
          ) : (
            <Group gap="xs" justify="flex-end" wrap="wrap">
              <Button
                variant="default"
                size="sm"
                onClick={() => writes.markRead.mutate({ uuid, read: !email.data.read }, { onError: fail })}
              >
                {email.data.read ? t('requestMail.actions.markUnread') : t('requestMail.actions.markRead')}
              </Button>
              <Button size="sm" onClick={() => setAssigning(true)}>
                {t('requestMail.actions.assign')}
              </Button>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" size="sm">
                    {t('requestMail.actions.moveTo')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {folderMoves
                    .filter((f) => f !== email.data.folder)
                    .map((f) => (
                      <Menu.Item
                        key={f}
                        onClick={() =>
                          writes.move.mutate(
                            { uuid, move: { folder: f } },
                            { onSuccess: done(t('requestMail.dialog.moved')), onError: fail },
                          )
                        }
                      >
                        {t(`requestMail.folders.${f}`)}
                      </Menu.Item>
                    ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                color="red"
                variant="light"
                size="sm"
                loading={writes.remove.isPending}
                onClick={() => {
                  if (window.confirm(t('requestMail.dialog.confirmDelete')))
                    writes.remove.mutate(uuid, {
                      onSuccess: done(t('requestMail.dialog.deleted')),
                      onError: fail,
                    });
                }}
              >
                {t('requestMail.actions.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** A request found by its number or title (the requests part's list, searched on the server). */
function AssignPicker({
  buildingRef,
  onPick,
  onCancel,
}: {
  buildingRef: string;
  onPick: (requestUuid: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const requests = useRequestList(buildingRef, { q, page: 1 });
  return (
    <Stack gap="xs">
      <Select
        label={t('requestMail.dialog.assignTo')}
        placeholder={t('requestMail.dialog.searchRequest')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already: every answer it gave is shown.
        filter={({ options }) => options}
        data={(requests.data?.items ?? []).map((r) => ({ value: r.uuid, label: `#${r.number} ${r.title}` }))}
        nothingFoundMessage={
          requests.isFetching ? t('requestMail.dialog.searching') : t('requestMail.dialog.noRequest')
        }
        onChange={(value) => value && onPick(value)}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end">
        <Button variant="default" size="sm" onClick={onCancel}>
          {t('requestMail.actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
