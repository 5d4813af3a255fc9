import { Pagination, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { requestPageSize, type RequestSummary, type RequestTag } from '@copro/domain';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { EmptyPanel } from '../../ui/record-panel';
import { RequestCard } from './request-bits';

/** A page of requests as a building's and a group's lists show it: count, cards, pages. */
export function RequestResults<R extends RequestSummary>({
  list,
  tags,
  page,
  onPage,
  linkOf,
}: {
  list: UseQueryResult<{ items: R[]; total: number }>;
  tags: readonly RequestTag[];
  page: number;
  onPage: (page: number) => void;
  /** Where a card leads, and the building it names (a group's list). */
  linkOf: (request: R) => { href: string; building?: string };
}) {
  const { t } = useTranslation();
  if (list.error) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <PageLoader />;
  if (list.data.items.length === 0) return <EmptyPanel>{t('requests.list.empty')}</EmptyPanel>;
  const total = list.data.total;
  const pages = Math.max(1, Math.ceil(total / requestPageSize));
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('requests.list.count', { count: total })}
      </Text>
      {list.data.items.map((request) => (
        <RequestCard key={request.uuid} request={request} tags={tags} {...linkOf(request)} />
      ))}
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" />}
    </>
  );
}
