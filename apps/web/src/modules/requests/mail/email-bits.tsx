import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, TypographyStylesProvider } from '@mantine/core';
import { languageOf, type EmailDeliveryStatus, type RequestEmail } from '@copro/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../ui/format';
import { emailFileUrl } from './mail-api';

const statusColors: Record<EmailDeliveryStatus, string> = {
  pending: 'gray',
  processed: 'gray',
  sent: 'blue',
  delivered: 'green',
  deferred: 'orange',
  bounce: 'red',
  dropped: 'red',
  blocked: 'red',
};

/** SPEC 4: where a reply of ours stands. */
export function DeliveryBadge({ status }: { status: EmailDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={statusColors[status]} variant="light">
      {t(`requestMail.status.${status}`)}
    </Badge>
  );
}

/** Who wrote an email: the sender, or the building and the user who wrote our reply. */
export function senderOf(
  email: Pick<RequestEmail, 'self' | 'fromName' | 'fromAddress' | 'sentBy'>,
  t: (key: string, params?: Record<string, string>) => string,
): string {
  if (email.self)
    return email.sentBy
      ? t('requestMail.email.sentBy', { name: email.sentBy })
      : t('requestMail.email.sentByUs');
  return email.fromName ? `${email.fromName} <${email.fromAddress}>` : email.fromAddress;
}

/** One email whole: sender, date, recipients, status, body, files, and the actions given. */
export function EmailCard({
  buildingRef,
  email,
  actions,
  showsRead = true,
}: {
  buildingRef: string;
  email: RequestEmail;
  actions?: ReactNode;
  /** Whether the reader's read marks show (the handlers'): unread emails in bold, with a badge. */
  showsRead?: boolean;
}) {
  // Our own replies are not mail to read: no mark that no action could clear.
  const unread = showsRead && !email.self && !email.read;
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <Paper withBorder radius="md" p="md" bg={email.self ? 'var(--mantine-color-blue-light)' : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {senderOf(email, t)}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(email.date, language)}
              {email.to.length > 0 &&
                ` · ${t('requestMail.email.to', { to: [...email.to, ...email.cc].join(', ') })}`}
            </Text>
          </Stack>
          <Group gap={4}>
            {unread && (
              <Badge color="blue" variant="filled">
                {t('requestMail.email.unread')}
              </Badge>
            )}
            {email.sentStatus && <DeliveryBadge status={email.sentStatus} />}
          </Group>
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {email.subject || t('requestMail.noSubject')}
        </Text>
        {email.html ? (
          <TypographyStylesProvider fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {/* Sanitized by the server (sanitize-html) when received or sent. */}
            <div dangerouslySetInnerHTML={{ __html: email.html }} />
          </TypographyStylesProvider>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {email.text}
          </Text>
        )}
        {email.attachments.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('requestMail.email.attachments')}
            </Text>
            {email.attachments.map((file) => (
              <Anchor
                key={file.fileId}
                size="sm"
                href={emailFileUrl(buildingRef, email.uuid, file.fileId)}
                style={{ overflowWrap: 'anywhere' }}
              >
                {file.fileName}
              </Anchor>
            ))}
          </Stack>
        )}
        {email.refusedAttachments.length > 0 && (
          <Text size="xs" c="orange" style={{ overflowWrap: 'anywhere' }}>
            {t('requestMail.email.refused', {
              files: email.refusedAttachments
                .map((f) => `${f.fileName} (${t(`requestMail.email.refusedReason.${f.reason}`)})`)
                .join(', '),
            })}
          </Text>
        )}
        {actions && (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
