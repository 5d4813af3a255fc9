import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bankReconciliationSchema,
  periodDetailSchema,
  reconciliationPeriodSchema,
  type ClearingInput,
  type NewPeriodInput,
  type PeriodDetail,
  type PeriodEditInput,
  type ReconciliationPeriod,
} from '@copro/domain';
import { api } from '../../app/api';
import { buildingUrl } from '../../app/api-paths';
import { useIdempotencyKeys } from '../../app/idempotency-key';
import { useBuildingShell } from '../../app/shell/building-context';
import { withTicks } from './line-actions';
import { bankKey, periodLinesKey, reconciliationKey } from './query-keys';
import { uploadFile } from '../../app/upload';

/**
 * A bank's reconciliation (routes-16: building-level, its periods run across fiscal years). Keyed
 * under 'reconciliation' (query-keys.ts), and following the ledger's transactions and the banks as
 * well: a transaction entered, cancelled or moved changes what a period lists and its figures.
 */
const live = { liveCollections: ['transactions', 'banks'] } as const;

export const reconciliationUrl = (buildingRef: string, bankUuid: string): string =>
  `${buildingUrl(buildingRef)}/banks/${encodeURIComponent(bankUuid)}/reconciliation`;

export const periodUrl = (buildingRef: string, bankUuid: string, periodUuid: string): string =>
  `${reconciliationUrl(buildingRef, bankUuid)}/periods/${encodeURIComponent(periodUuid)}`;

/** The statement PDF of a period, downloaded with the session cookie. */
export const statementFileUrl = (buildingRef: string, bankUuid: string, periodUuid: string): string =>
  `${periodUrl(buildingRef, bankUuid, periodUuid)}/statement`;

export function useReconciliationScope(bankUuid: string) {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return { ref, base: reconciliationUrl(ref, bankUuid), key: bankKey(ref, bankUuid) };
}

/** After a write (a refusal too: someone else may have changed the period meanwhile). */
export function useInvalidateReconciliation() {
  const { building } = useBuildingShell();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: reconciliationKey(building.buildingRef) });
}

/** The bank's periods, latest first, and the next period's proposal. */
export function useBankReconciliation(bankUuid: string) {
  const { base, key } = useReconciliationScope(bankUuid);
  return useQuery({
    queryKey: [...key, 'periods'],
    queryFn: ({ signal }) => api(base, { response: bankReconciliationSchema, signal }),
    meta: live,
  });
}

export type LinesShown = 'all' | 'cleared' | 'uncleared';
export const periodPageSize = 100;

export interface LinesQuery {
  show: LinesShown;
  page: number;
}

/** A period with one page of its tick list (periodLinesQuerySchema). */
export function usePeriodDetail(bankUuid: string, periodUuid: string, query: LinesQuery) {
  const { ref } = useReconciliationScope(bankUuid);
  const search = new URLSearchParams({
    show: query.show,
    page: String(query.page),
    pageSize: String(periodPageSize),
  });
  return useQuery({
    queryKey: [...periodLinesKey(ref, bankUuid, periodUuid), query],
    queryFn: ({ signal }) =>
      api(`${periodUrl(ref, bankUuid, periodUuid)}?${search}`, { response: periodDetailSchema, signal }),
    placeholderData: keepPreviousData,
    meta: live,
  });
}

/** A new period, sent with the dialog's retry key: a double click makes one period. */
export function useCreatePeriod(bankUuid: string) {
  const { base } = useReconciliationScope(bankUuid);
  const keys = useIdempotencyKeys();
  const invalidate = useInvalidateReconciliation();
  return useMutation({
    mutationFn: (body: NewPeriodInput) =>
      api(`${base}/periods`, {
        response: reconciliationPeriodSchema,
        method: 'POST',
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => keys.saved(),
    onSettled: invalidate,
  });
}

export function useEditPeriod(bankUuid: string, periodUuid: string) {
  const { ref } = useReconciliationScope(bankUuid);
  const invalidate = useInvalidateReconciliation();
  return useMutation({
    mutationFn: (body: PeriodEditInput) =>
      api(periodUrl(ref, bankUuid, periodUuid), {
        response: reconciliationPeriodSchema,
        method: 'PUT',
        body,
      }),
    onSettled: invalidate,
  });
}

/**
 * Ticks or unticks transactions. The boxes change at once on the page; the figures are the
 * server's answer. Every page of the period's list is brought back after, since a filtered page
 * may no longer hold the line.
 */
export function useClearing(bankUuid: string, periodUuid: string) {
  const { ref } = useReconciliationScope(bankUuid);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateReconciliation();
  const detail = periodLinesKey(ref, bankUuid, periodUuid);
  const setPeriod = (period: ReconciliationPeriod) =>
    queryClient.setQueriesData<PeriodDetail>({ queryKey: detail }, (old) => (old ? { ...old, period } : old));
  return useMutation({
    mutationFn: (body: ClearingInput) =>
      api(`${periodUrl(ref, bankUuid, periodUuid)}/cleared`, {
        response: reconciliationPeriodSchema,
        method: 'PUT',
        body,
      }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: detail });
      queryClient.setQueriesData<PeriodDetail>({ queryKey: detail }, (old) =>
        old ? { ...old, lines: withTicks(old.lines, body) } : old,
      );
    },
    onSuccess: setPeriod,
    onSettled: invalidate,
  });
}

/** Reconcile, or reopen (which reopens every later period). */
export function usePeriodAction(bankUuid: string, periodUuid: string, action: 'reconcile' | 'reopen') {
  const { ref } = useReconciliationScope(bankUuid);
  const invalidate = useInvalidateReconciliation();
  return useMutation({
    mutationFn: () =>
      api(`${periodUrl(ref, bankUuid, periodUuid)}/${action}`, {
        response: reconciliationPeriodSchema,
        method: 'POST',
      }),
    onSettled: invalidate,
  });
}

/** Only the latest period can be deleted; the answer is empty (204). */
export function useDeletePeriod(bankUuid: string, periodUuid: string) {
  const { ref } = useReconciliationScope(bankUuid);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(periodUrl(ref, bankUuid, periodUuid), { response: z.null(), method: 'DELETE' }),
    // The deleted period's own queries are not asked again (they would answer "not found" while
    // the page leaves it); the rest is.
    onSettled: () =>
      void queryClient.invalidateQueries({
        queryKey: reconciliationKey(ref),
        predicate: (query) => !query.queryKey.includes(periodUuid),
      }),
  });
}

/** SPEC 5: one statement PDF per period, attached, downloaded or removed. */
export function useStatementFile(bankUuid: string, periodUuid: string) {
  const { ref } = useReconciliationScope(bankUuid);
  const invalidate = useInvalidateReconciliation();
  const url = statementFileUrl(ref, bankUuid, periodUuid);
  const upload = useMutation({
    mutationFn: (file: File) => uploadFile(url, 'PUT', file, reconciliationPeriodSchema),
    onSettled: invalidate,
  });
  const remove = useMutation({
    mutationFn: () => api(url, { response: reconciliationPeriodSchema, method: 'DELETE' }),
    onSettled: invalidate,
  });
  return { url, upload, remove };
}
