import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { demoMailSchema, languageOf } from '@copro/domain';
import { api, ApiError } from '../../../app/api';
import { formatDateTime } from '../../../ui/format';
import { LinkifiedText } from '../../../ui/linkified-text';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';

/** The demo server keeps its outgoing mail: a newcomer can follow a confirmation or reset link. */
export function MailboxPage() {
  const { t, i18n } = useTranslation();
  const mails = useQuery({
    queryKey: ['demo-mailbox'],
    queryFn: ({ signal }) => api('/api/demo/mailbox', { response: demoMailSchema.array(), signal }),
    staleTime: 0,
  });
  const off = mails.error instanceof ApiError && mails.error.code === 'notFound';

  return (
    <Page
      title={t('mailbox.title')}
      actions={
        !off && (
          <Button variant="default" size="sm" onClick={() => void mails.refetch()} loading={mails.isFetching}>
            {t('common.refresh')}
          </Button>
        )
      }
    >
      {mails.isPending ? (
        <PageLoader />
      ) : off ? (
        <Text>{t('mailbox.off')}</Text>
      ) : mails.isError ? (
        <QueryError error={mails.error} onRetry={() => void mails.refetch()} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('mailbox.intro')}
          </Text>
          {mails.data.length === 0 && <Text>{t('mailbox.empty')}</Text>}
          {mails.data.map((mail) => (
            <Paper key={mail.id} withBorder radius="md" p="md" component="article" aria-label={mail.subject}>
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap={4}>
                  <Text fw={600}>{mail.subject}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(mail.createdAt, languageOf(i18n.language))}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('mailbox.to', { to: mail.to })}
                </Text>
                <LinkifiedText text={mail.text} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Page>
  );
}
