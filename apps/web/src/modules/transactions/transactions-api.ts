import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionKind, TransactionStatus } from '@copro/domain';
import { api } from '../../app/api';
import { useBuildingShell } from '../../app/shell/building-context';
import { ledgerSearch, type LedgerFilters } from './ledger-filters';

/** Who did something: a user (with name and email), Copro itself, or its staff. */
export interface LedgerSource {
  kind: 'user' | 'system' | 'staff';
  id: string;
  name?: string;
  email?: string;
}

export interface TransactionComment {
  author: LedgerSource;
  comment: string;
  createdDate: string;
}

/** GET /transactions/:uuid (SPEC 3 "Transaction"); amounts in cents, positive debits. */
export interface TransactionView {
  uuid: string;
  fiscalYear: string;
  date: string;
  description: string;
  kind: TransactionKind;
  status: TransactionStatus;
  paymentMethod: string | null;
  check: string | null;
  deposit: string | null;
  batch: string | null;
  attachments: unknown[];
  comments: TransactionComment[];
  cancelled: { by: LedgerSource; reason: string; date: string } | null;
  taxes: { code: string; amount: number }[];
  imported: boolean;
  indexes: string[];
  details: Record<string, unknown>;
  createdBy: LedgerSource;
  createdAt: string;
  subtransactions: { aid: number; amount: number; check: string | null }[];
}

/** One line of an account's page: the transaction, this account's amount, the balance after it. */
export interface AccountLine {
  transaction: TransactionView;
  amount: number;
  balance: number;
}

export interface AccountPage {
  lines: AccountLine[];
  /** Matching lines over every page. */
  total: number;
  /** Of the matching lines that are not cancelled. */
  debits: number;
  credits: number;
  /** At the end of the year, whatever the filters. */
  balance: number;
}

/** GET /accounts: every ledger account with the record it belongs to in the year. */
export interface LedgerAccount {
  aid: number;
  kind: string;
  recordUuid: string;
  collection: string | null;
  name: string;
  parent: string | null;
}

const yearUrl = (buildingRef: string, fiscalYear: string): string =>
  `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${fiscalYear}`;

/** Keyed under 'transactions': the live events of that collection refresh every page of the ledger. */
const ledgerKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear] as const;

export const ledgerAccountsQuery = (buildingRef: string, fiscalYear: string) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'accounts'],
    queryFn: ({ signal }) => api<LedgerAccount[]>(`${yearUrl(buildingRef, fiscalYear)}/accounts`, { signal }),
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
      api<AccountPage>(
        `${yearUrl(buildingRef, fiscalYear)}/accounts/${aid}/transactions?${ledgerSearch(filters, page, pageSize)}`,
        { signal },
      ),
    // The table keeps its rows while the next page or filter loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
  });

export const transactionQuery = (buildingRef: string, fiscalYear: string, uuid: string) =>
  queryOptions({
    queryKey: [...ledgerKey(buildingRef, fiscalYear), 'transaction', uuid],
    queryFn: ({ signal }) =>
      api<TransactionView>(`${yearUrl(buildingRef, fiscalYear)}/transactions/${uuid}`, { signal }),
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
        ? api<TransactionView>(`${yearUrl(ref, year)}/transactions/${uuid}/cancel`, {
            method: 'POST',
            body: { reason: write.reason },
          })
        : api<TransactionView>(`${yearUrl(ref, year)}/transactions/${uuid}/comments`, {
            method: 'POST',
            body: { comment: write.comment },
          }),
    onSuccess: (saved) => queryClient.setQueryData(transactionQuery(ref, year, uuid).queryKey, saved),
    // After a refusal too (someone else may have cancelled it meanwhile). Not awaited: the form
    // closes at once, the pages refresh behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ledgerKey(ref, year) }),
  });
}
