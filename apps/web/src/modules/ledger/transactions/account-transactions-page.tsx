import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { QueryError } from '../../../ui/query-error';
import { RecordBrowser } from '../../../ui/record-browser';
import { EmptyPanel } from '../../../ui/record-panel';
import { UnitLedger } from '../../receivables';
import { AccountLedger } from './account-ledger';
import { transactionsPath, type AccountType } from './account-types';
import { defaultFilters, type LedgerFilters } from './ledger-filters';
import { pageTarget, recordOfTransaction } from './page-target';
import { TransactionDetail } from './transaction-detail';
import { useTransaction } from './transactions-api';
import type { AccountList, ListedAccount } from './use-account-lists';

/**
 * A `{type}/transactions` page: the type's records on the left; on the right the selected
 * record's account, or the transaction the address names, seen from the record it has a line on.
 */
export function AccountTransactionsPage<T extends ListedAccount>({
  type,
  uuid,
  list,
}: {
  type: AccountType;
  uuid: string | undefined;
  list: AccountList<T>;
}) {
  const { t } = useTranslation();
  const { href } = useBuildingShell();
  const hrefOf = useCallback((id?: string) => href(transactionsPath(type, id)), [href, type]);
  // Kept here, above the panels, so the filters and the page survive a visit to a transaction.
  const [filters, setFilters] = useState<LedgerFilters>(defaultFilters);
  const [paging, setPaging] = useState({ aid: 0, page: 1 });

  const target = pageTarget(uuid, list.items);
  const transaction = useTransaction(target.kind === 'transaction' ? target.uuid : undefined);
  const seenFrom =
    target.kind === 'record'
      ? target.record
      : transaction.data && recordOfTransaction(transaction.data.subtransactions, list.items);

  const detail = (() => {
    switch (target.kind) {
      case 'none':
        return <EmptyPanel>{t(`transactions.pick.${type}`)}</EmptyPanel>;
      case 'pending':
        return <PageLoader />;
      case 'record': {
        const { record } = target;
        const ledger = {
          name: list.titleOf(record),
          filters,
          onFiltersChange: (next: LedgerFilters) => {
            setFilters(next);
            setPaging({ aid: record.aid, page: 1 });
          },
          page: paging.aid === record.aid ? paging.page : 1,
          onPageChange: (page: number) => setPaging({ aid: record.aid, page }),
        };
        // A unit's ledger has its ownership periods, its statement and its entries (DOMAIN 4, 6).
        return type === 'units' ? (
          <UnitLedger key={record.uuid} unitUuid={record.uuid} unitAid={record.aid} {...ledger} />
        ) : (
          <AccountLedger key={record.uuid} type={type} aid={record.aid} {...ledger} />
        );
      }
      case 'transaction':
        if (transaction.data)
          return (
            <TransactionDetail
              key={transaction.data.uuid}
              transaction={transaction.data}
              seenFrom={seenFrom && { name: list.titleOf(seenFrom), href: hrefOf(seenFrom.uuid) }}
            />
          );
        if (transaction.error instanceof ApiError && transaction.error.status === 404)
          return <EmptyPanel>{t('transactions.notFound')}</EmptyPanel>;
        return transaction.error ? (
          <QueryError error={transaction.error} onRetry={() => void transaction.refetch()} />
        ) : (
          <PageLoader />
        );
    }
  })();

  return (
    <Page title={t(`transactions.titles.${type}`)}>
      <RecordBrowser {...list} selectedUuid={seenFrom?.uuid ?? uuid} hrefOf={hrefOf} detail={detail} />
    </Page>
  );
}
