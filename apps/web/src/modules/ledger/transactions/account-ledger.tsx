import { useEffect, type ReactNode } from 'react';
import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRemoteConfig } from '../../../app/remote-config';
import { useIsMobile } from '../../../app/shell/use-is-mobile';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordPanel } from '../../../ui/record-panel';
import type { AccountType } from './account-types';
import { BalanceStandingNote } from './balance-standing-note';
import { LedgerCards } from './ledger-cards';
import { isFiltered, pageCount, pageRange, type LedgerFilters } from './ledger-filters';
import { LedgerFiltersBar } from './ledger-filters-bar';
import { ledgerRows } from './ledger-rows';
import { LedgerTable } from './ledger-table';
import { useAccountPage } from './transactions-api';

/** One account's transactions in the year: filters, a page of lines, the totals and the balance. */
export function AccountLedger({
  type,
  aid,
  name,
  filters,
  onFiltersChange,
  page,
  onPageChange,
  actions,
  header,
}: {
  type: AccountType;
  aid: number;
  name: string;
  filters: LedgerFilters;
  onFiltersChange: (filters: LedgerFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** Buttons beside the account's name (a unit's statement and entries). */
  actions?: ReactNode;
  /** Above the filters (a unit's ownership periods). */
  header?: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsMobile();
  const pageSize = useRemoteConfig().transactionsPerPage;
  const query = useAccountPage(aid, filters, page, pageSize);
  const data = query.data;
  const pages = data ? pageCount(data.total, pageSize) : 1;

  // A page past the end (lines cancelled and hidden meanwhile) falls back to the last one.
  useEffect(() => {
    if (data && page > pages) onPageChange(pages);
  }, [data, page, pages, onPageChange]);

  const body = (() => {
    if (!data)
      return query.error ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PageLoader />
      );
    if (data.total === 0)
      return (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t(isFiltered(filters) ? 'transactions.emptyFiltered' : 'transactions.empty')}
        </Text>
      );
    const rows = ledgerRows(data.lines);
    const totals = { debits: data.debits, credits: data.credits, balance: data.balance };
    const range = pageRange(page, pageSize, rows.length);
    return (
      <Stack gap="sm" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {isPhone ? (
          <LedgerCards type={type} rows={rows} totals={totals} />
        ) : (
          <LedgerTable
            type={type}
            rows={rows}
            totals={totals}
            caption={t('transactions.tableLabel', { account: name })}
          />
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('transactions.range', { ...range, total: data.total })}
          </Text>
          {pages > 1 && (
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPageChange}
              siblings={isPhone ? 0 : 1}
              getControlProps={(control) => ({ 'aria-label': t(`transactions.paging.${control}`) })}
              getItemProps={(item) => ({ 'aria-label': t('transactions.paging.page', { page: item }) })}
            />
          )}
        </Group>
      </Stack>
    );
  })();

  return (
    <RecordPanel title={name} actions={actions}>
      {header}
      <LedgerFiltersBar filters={filters} onChange={onFiltersChange} />
      {data && <BalanceStandingNote type={type} account={name} balance={data.balance} />}
      {body}
    </RecordPanel>
  );
}
