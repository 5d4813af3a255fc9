import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ledgerAccountSchema,
  transactionViewSchema,
  trialBalanceLineSchema,
  type TransactionInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { useBuildingShell } from '../../../app/shell/building-context';
import { yearUrl } from '../../../app/api-paths';

/** The year's journal in the ledger/hledger text format; the session cookie lets the browser download it. */
export const journalUrl = (buildingRef: string, fiscalYear: string): string =>
  `${yearUrl(buildingRef, fiscalYear)}/journal`;

/**
 * Every ledger account of the building, named in the year's registry. No live event names this
 * list, so a renamed or new account shows once the query is fetched again (on the next visit).
 */
export function useLedgerAccounts() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'accounts', fiscalYear.startDate],
    queryFn: ({ signal }) =>
      api(`${yearUrl(ref, fiscalYear.startDate)}/accounts`, {
        response: ledgerAccountSchema.array(),
        signal,
      }),
  });
}

/** Keyed under 'transactions': every posting anywhere (another tab, another user) refreshes it. */
export function useTrialBalance() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  return useQuery({
    queryKey: ['building', ref, 'transactions', 'trial-balance', fiscalYear.startDate],
    queryFn: ({ signal }) =>
      api(`${yearUrl(ref, fiscalYear.startDate)}/trial-balance`, {
        response: trialBalanceLineSchema.array(),
        signal,
      }),
  });
}

/**
 * Posts a writing or a bank entry in the year being viewed; this user's views refresh at once. The
 * answer is the transaction as recorded (the page links to it).
 */
export function usePostTransaction() {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const ref = building.buildingRef;
  return useMutation({
    mutationFn: (input: TransactionInput) =>
      api(`${yearUrl(ref, fiscalYear.startDate)}/transactions`, {
        response: transactionViewSchema,
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] }),
  });
}
