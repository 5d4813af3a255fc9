import { useState } from 'react';
import { Badge, Card, Group, Pagination, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { languageOf } from '@copro/domain';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { AnchorLink, ButtonLink } from '../../../ui/router-link';
import { usePosts } from './posts-api';
import { recipientLabel, titleIn } from './recipient-options';
import { postsRoute } from './routes';
import { formatDate } from '../../../ui/format';

/** SPEC 2 posts: the last 12 months by default, every post with show=all; a page at a time from the server. */
export function PostsPage() {
  const { t, i18n } = useTranslation();
  const { href, can } = useBuildingShell();
  const search = useSearch({ from: postsRoute.id });
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [query] = useDebouncedValue(q.trim(), 250);
  const showAll = search.show === 'all';
  const posts = usePosts({ page, q: query, showAll });
  const language = languageOf(i18n.language);
  return (
    <Page
      title={t('posts.title')}
      actions={
        can('posts.templates') ? <ButtonLink to={href('posts/new')}>{t('posts.new')}</ButtonLink> : null
      }
    >
      <Group gap="md" wrap="wrap">
        <TextInput
          placeholder={t('posts.search')}
          aria-label={t('posts.search')}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Switch
          label={t('posts.showAll')}
          checked={showAll}
          onChange={(e) => {
            setPage(1);
            void navigate({ to: '.', search: e.currentTarget.checked ? { show: 'all' } : {} });
          }}
        />
      </Group>
      {posts.isPending ? (
        <PageLoader />
      ) : posts.isError ? (
        <QueryError error={posts.error} />
      ) : posts.data.items.length === 0 ? (
        <Text c="dimmed">{t('posts.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {posts.data.items.map((post) => (
            <Card key={post.uuid} withBorder padding="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" align="start">
                  <AnchorLink to={href(`posts/view/${post.uuid}`)} fw={600}>
                    {titleIn(post.titles, language)}
                  </AnchorLink>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(post.date, language)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {post.authorName}
                </Text>
                <Group gap={4} wrap="wrap">
                  {post.recipients.map((r) => (
                    <Badge key={r} variant="light" size="sm">
                      {recipientLabel(r, t)}
                    </Badge>
                  ))}
                  {post.attachmentCount > 0 ? (
                    <Badge variant="outline" size="sm" color="gray">
                      {t('posts.attachmentCount', { count: post.attachmentCount })}
                    </Badge>
                  ) : null}
                  {post.sendEmail ? (
                    <Badge variant="outline" size="sm" color="teal">
                      {t('posts.emailed')}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          ))}
          {posts.data.total > 50 ? (
            <Pagination total={Math.ceil(posts.data.total / 50)} value={page} onChange={setPage} />
          ) : null}
        </Stack>
      )}
    </Page>
  );
}
