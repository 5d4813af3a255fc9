import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  recurringBillsAnswerSchema,
  recurringBillViewSchema,
  recurringRunAnswerSchema,
  type RecurringBillInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { yearUrl } from '../../../app/api-paths';
import { useBuildingShell } from '../../../app/shell/building-context';
import { missingDays, withDays } from './recurring-values';

/** Keyed under 'transactions': a run posts bills and payments, which refresh the ledger's pages too. */
const recurringKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear, 'payables', 'recurring'] as const;

function useRecurringScope() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return { ref, base: yearUrl(ref, year), key: recurringKey(ref, year) };
}

/** The bills not archived, and each holder's list of billing days. */
export function useRecurringBills() {
  const { base, key } = useRecurringScope();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api(`${base}/recurring-bills`, { response: recurringBillsAnswerSchema, signal }),
  });
}

const putDays = (base: string, supplierUuid: string | null, days: number[]) =>
  api(`${base}/recurring-billing-days`, {
    response: recurringBillsAnswerSchema,
    method: 'PUT',
    body: { ...(supplierUuid ? { supplierUuid } : {}), days },
  });

/** After a write (a refusal too: another manager may have changed the list), every payables page refreshes. */
function useRefresh() {
  const { ref } = useRecurringScope();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
}

/**
 * A new bill, or a bill changed. The days it uses that its holder's list lacks are added to the
 * list first (SPEC 5 wants them there), then the bill is saved.
 */
export function useSaveRecurringBill() {
  const { base } = useRecurringScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (write: { uuid?: string | undefined; body: RecurringBillInput; days: number[] }) => {
      const missing = missingDays(write.body, write.days);
      if (missing.length > 0)
        await putDays(base, write.body.supplierUuid ?? null, withDays(write.days, missing));
      return write.uuid
        ? api(`${base}/recurring-bills/${encodeURIComponent(write.uuid)}`, {
            response: recurringBillViewSchema,
            method: 'PUT',
            body: write.body,
          })
        : api(`${base}/recurring-bills`, {
            response: recurringBillViewSchema,
            method: 'POST',
            body: write.body,
          });
    },
    onSettled: refresh,
  });
}

export function useArchiveRecurringBill() {
  const { base } = useRecurringScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (uuid: string) =>
      api(`${base}/recurring-bills/${encodeURIComponent(uuid)}/archive`, {
        response: recurringBillViewSchema,
        method: 'POST',
      }),
    onSettled: refresh,
  });
}

/** A holder's list of billing days, replaced. */
export function useSaveBillingDays() {
  const { base } = useRecurringScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (write: { supplierUuid: string | null; days: number[] }) =>
      putDays(base, write.supplierUuid, write.days),
    onSettled: refresh,
  });
}

/** Posts every bill and payment due up to `asOf` that was not posted yet (the daily job's run, by hand). */
export function useRunRecurringBills() {
  const { base } = useRecurringScope();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (asOf: string) =>
      api(`${base}/recurring-bills/run`, {
        response: recurringRunAnswerSchema,
        method: 'POST',
        body: { asOf },
      }),
    onSettled: refresh,
  });
}
