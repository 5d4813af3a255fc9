import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Title,
  TypographyStylesProvider,
} from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { emailDeliveryStatuses, languageOf, type EmailDeliveryStatus } from '@copro/domain';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink } from '../../../ui/router-link';
import { ScrollTable } from '../../../ui/scroll-table';
import { attachmentUrl, usePost, usePostActions, usePostDeliveries } from './posts-api';
import { recipientLabel } from './recipient-options';
import { postRoute } from './routes';
import { formatDate } from '../../../ui/format';

const statusColors: Record<EmailDeliveryStatus, string> = {
  pending: 'gray',
  processed: 'blue',
  sent: 'teal',
  delivered: 'green',
  deferred: 'yellow',
  bounce: 'red',
  dropped: 'red',
  blocked: 'orange',
};

/** Where each recipient's mail stands, with the counts, and the resend to those who did not get it. */
function Deliveries({ uuid, emailed }: { uuid: string; emailed: boolean }) {
  const { t } = useTranslation();
  const deliveries = usePostDeliveries(uuid, true);
  const { resend } = usePostActions(uuid);
  if (deliveries.isPending) return <PageLoader />;
  if (deliveries.isError) return <QueryError error={deliveries.error} />;
  const { recipients, counts } = deliveries.data;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('posts.deliveries.title')}
          </Title>
          {emailed ? (
            <Button
              variant="light"
              loading={resend.isPending}
              // Long in French: on a phone it wraps rather than being cut.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (r) => notifySuccess(t('posts.deliveries.resent', { count: r.resent })),
                  onError: (error) => notifyError(error),
                })
              }
            >
              {t('posts.deliveries.resend')}
            </Button>
          ) : null}
        </Group>
        {!emailed ? <Text c="dimmed">{t('posts.deliveries.notEmailed')}</Text> : null}
        <Group gap={6} wrap="wrap">
          {emailDeliveryStatuses
            .filter((s) => counts[s] > 0)
            .map((s) => (
              <Badge key={s} color={statusColors[s]} variant="light">
                {t(`posts.status.${s}`)} {counts[s]}
              </Badge>
            ))}
        </Group>
        {recipients.length === 0 ? (
          <Text c="dimmed">{t('posts.deliveries.none')}</Text>
        ) : (
          <ScrollTable minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('posts.deliveries.name')}</Table.Th>
                  <Table.Th>{t('posts.deliveries.email')}</Table.Th>
                  <Table.Th>{t('posts.deliveries.units')}</Table.Th>
                  <Table.Th>{t('posts.deliveries.language')}</Table.Th>
                  <Table.Th>{t('posts.deliveries.status')}</Table.Th>
                  <Table.Th>{t('posts.deliveries.error')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recipients.map((r) => (
                  <Table.Tr key={r.email}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.email}</Table.Td>
                    <Table.Td>{r.units.join(', ')}</Table.Td>
                    <Table.Td>{r.language.toUpperCase()}</Table.Td>
                    <Table.Td>
                      {r.status ? (
                        <Badge color={statusColors[r.status]} variant="light">
                          {t(`posts.status.${r.status}`)}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{r.error}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}

/** One post: its text in the reader's language (else the other), its files, and for the board its deliveries. */
export function PostPage() {
  const { t, i18n } = useTranslation();
  const { postUUID } = useParams({ from: postRoute.id });
  const { building, can, href } = useBuildingShell();
  const post = usePost(postUUID);
  const { remove } = usePostActions(postUUID);
  const navigate = useNavigate();
  if (post.isPending) return <PageLoader />;
  if (post.isError) return <QueryError error={post.error} />;
  const language = languageOf(i18n.language);
  const text = post.data.texts[language] ?? post.data.texts[language === 'en' ? 'fr' : 'en'];
  const manages = can('posts.templates');
  return (
    <Page
      title={text?.title ?? ''}
      actions={
        manages ? (
          <Button
            color="red"
            variant="light"
            loading={remove.isPending}
            onClick={() => {
              if (!window.confirm(t('posts.deleteConfirm'))) return;
              remove.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(t('posts.deleted'));
                  void navigate({ to: href('posts') });
                },
                onError: (error) => notifyError(error),
              });
            }}
          >
            {t('posts.delete')}
          </Button>
        ) : null
      }
    >
      <AnchorLink to={href('posts')}>{t('posts.back')}</AnchorLink>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {formatDate(post.data.date, language)} · {post.data.authorName}
        </Text>
        {post.data.recipients.map((r) => (
          <Badge key={r} variant="light" size="sm">
            {recipientLabel(r, t)}
          </Badge>
        ))}
      </Group>
      <Card withBorder>
        {/* The body was sanitized by the server to a few formatting tags and http, https and mailto links. */}
        <TypographyStylesProvider>
          <div dangerouslySetInnerHTML={{ __html: text?.body ?? '' }} />
        </TypographyStylesProvider>
      </Card>
      {post.data.attachments.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600}>{t('posts.attachments')}</Text>
          {post.data.attachments.map((a) => (
            <Anchor
              key={a.fileId}
              href={attachmentUrl(building.buildingRef, postUUID, a.fileId)}
              download={a.fileName}
            >
              {a.fileName}
            </Anchor>
          ))}
        </Stack>
      ) : null}
      {manages ? <Deliveries uuid={postUUID} emailed={post.data.sendEmail} /> : null}
    </Page>
  );
}
