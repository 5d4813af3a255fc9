import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountPageSchema, ledgerAccountSchema, transactionViewSchema } from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { ledgerSearch, type LedgerFilters } from './ledger-filters';
import { yearUrl } from '../../../app/api-paths';

/** Other areas show the transactions they post with the ledger's own view of them. */

/** Keyed under 'transactions': the live events of that collection refresh every page of the ledger. */
const ledgerKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear] as const;

export const ledgerAccountsQuery = (buildingRef: string, fiscalYear: string) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'accounts'],
    queryFn: ({ signal }) =>
      api(`${yearUrl(buildingRef, fiscalYear)}/accounts`, { response: ledgerAccountSchema.array(), signal }),
  });

export const accountPageQuery = (
  buildingRef: string,
  fiscalYear: string,
  aid: number,
  filters: LedgerFilters,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'account', aid, filters, page, pageSize],
    queryFn: ({ signal }) =>
      api(
        `${yearUrl(buildingRef, fiscalYear)}/accounts/${aid}/transactions?${ledgerSearch(filters, page, pageSize)}`,
        { response: accountPageSchema, signal },
      ),
    // The table keeps its rows while the next page or filter loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
  });

export const transactionQuery = (buildingRef: string, fiscalYear: string, uuid: string) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'transaction', uuid],
    queryFn: ({ signal }) =>
      api(`${yearUrl(buildingRef, fiscalYear)}/transactions/${uuid}`, {
        response: transactionViewSchema,
        signal,
      }),
  });

/** The ledger accounts, for those who may read every account (finance readers, owners with `all`). */
export function useLedgerAccounts() {
  const { building, fiscalYear, can } = useBuildingShell();
  return useQuery({
    ...ledgerAccountsQuery(building.buildingRef, fiscalYear.startDate),
    enabled: can('transactions.read'),
  });
}

export function useAccountPage(aid: number, filters: LedgerFilters, page: number, pageSize: number) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery(accountPageQuery(building.buildingRef, fiscalYear.startDate, aid, filters, page, pageSize));
}

export function useTransaction(uuid: string | undefined) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery({
    ...transactionQuery(building.buildingRef, fiscalYear.startDate, uuid ?? ''),
    enabled: uuid !== undefined,
  });
}

type TransactionWrite = { kind: 'cancel'; reason: string } | { kind: 'comment'; comment: string };

/**
 * Cancel or comment a transaction. The answer is the transaction as saved: its page shows it at
 * once, and every account page refreshes since a cancelled line stops counting in the balances.
 */
export function useTransactionWrite(uuid: string) {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useMutation({
    mutationFn: (write: TransactionWrite) =>
      write.kind === 'cancel'
        ? api(`${yearUrl(ref, year)}/transactions/${uuid}/cancel`, {
            response: transactionViewSchema,
            method: 'POST',
            body: { reason: write.reason },
          })
        : api(`${yearUrl(ref, year)}/transactions/${uuid}/comments`, {
            response: transactionViewSchema,
            method: 'POST',
            body: { comment: write.comment },
          }),
    onSuccess: (saved) => queryClient.setQueryData(transactionQuery(ref, year, uuid).queryKey, saved),
    // After a refusal too (someone else may have cancelled it meanwhile). Not awaited: the form
    // closes at once, the pages refresh behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ledgerKey(ref, year) }),
  });
}
