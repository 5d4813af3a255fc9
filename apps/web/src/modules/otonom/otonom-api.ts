import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  debitRunAnswerSchema,
  padOrderPageSchema,
  padOrderViewSchema,
  padOverviewSchema,
  padSettingsViewSchema,
  returnImportAnswerSchema,
  type OrderStatusChange,
  type PadFileKind,
  type PadSettings,
} from '@copro/domain';
import { sendFileResultSchema, statusRefreshResultSchema } from '@copro/domain/schemas/otonom-files';
import { approveOrdersAnswerSchema, type DebitRunInput } from '@copro/domain/schemas/otonom-web';
import { api } from '../../app/api';
import { buildingUrl } from '../../app/api-paths';
import { useIdempotencyKeys } from '../../app/idempotency-key';
import { useBuildingShell } from '../../app/shell/building-context';
import { uploadFile } from '../../app/upload';
import { orderListQuery, type OrderFilters } from './order-filters';
import { orderKey, ordersKey, otonomKey, overviewKey, settingsKey } from './query-keys';

/**
 * The area's calls (building-level: orders and files run across fiscal years). Keyed under the
 * orders' live collection (query-keys.ts), and following the ledger's transactions, the units
 * and the suppliers too: a payment cancelled in the ledger, a unit renumbered, a supplier renamed.
 */
const live = { liveCollections: ['transactions', 'units', 'suppliers', 'banks'] } as const;

export const otonomUrl = (buildingRef: string): string => `${buildingUrl(buildingRef)}/otonom`;

/** A sent (or created) file's bytes, downloaded with the session cookie. */
export const fileDownloadUrl = (buildingRef: string, fileUuid: string): string =>
  `${otonomUrl(buildingRef)}/files/${encodeURIComponent(fileUuid)}`;

function useOtonomScope() {
  const { building } = useBuildingShell();
  const ref = building.buildingRef;
  return { ref, base: otonomUrl(ref) };
}

/**
 * After a write (a refusal too: someone else may have moved the orders meanwhile): the page, and
 * the ledger, since a status that moves money posts or reverses a payment.
 */
function useInvalidateOtonom() {
  const { ref } = useOtonomScope();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: otonomKey(ref) });
    void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
  };
}

/** What the next files hold, what waits for approval, and the files of the last 30 days. */
export function useOtonomOverview() {
  const { ref, base } = useOtonomScope();
  return useQuery({
    queryKey: overviewKey(ref),
    queryFn: ({ signal }) => api(`${base}/overview`, { response: padOverviewSchema, signal }),
    meta: live,
  });
}

/** The area's settings, the next CPA-005 file number and the partner the server has. */
export function usePadSettings() {
  const { ref, base } = useOtonomScope();
  return useQuery({
    queryKey: settingsKey(ref),
    queryFn: ({ signal }) => api(`${base}/settings`, { response: padSettingsViewSchema, signal }),
    meta: live,
  });
}

/** One page of the orders the filters choose. */
export function usePadOrders(filters: OrderFilters) {
  const { ref, base } = useOtonomScope();
  return useQuery({
    queryKey: ordersKey(ref, filters),
    queryFn: ({ signal }) =>
      api(`${base}/orders?${orderListQuery(filters)}`, { response: padOrderPageSchema, signal }),
    placeholderData: keepPreviousData,
    meta: live,
  });
}

/** One order as it now stands (its detail reads it again: the table's page may be older). */
export function usePadOrder(uuid: string | null) {
  const { ref, base } = useOtonomScope();
  return useQuery({
    queryKey: orderKey(ref, uuid ?? ''),
    queryFn: ({ signal }) =>
      api(`${base}/orders/${encodeURIComponent(uuid ?? '')}`, { response: padOrderViewSchema, signal }),
    enabled: uuid !== null,
    meta: live,
  });
}

export function useSaveSettings() {
  const { ref, base } = useOtonomScope();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: (body: PadSettings) =>
      api(`${base}/settings`, { response: padSettingsViewSchema, method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(ref), saved),
    onSettled: invalidate,
  });
}

export function useChangeStatus() {
  const { base } = useOtonomScope();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: OrderStatusChange }) =>
      api(`${base}/orders/${encodeURIComponent(uuid)}/status`, {
        response: padOrderViewSchema,
        method: 'POST',
        body,
      }),
    onSettled: invalidate,
  });
}

export function useApproveOrders() {
  const { base } = useOtonomScope();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: (orderUuids: string[]) =>
      api(`${base}/orders/approve`, {
        response: approveOrdersAnswerSchema,
        method: 'POST',
        body: { orderUuids },
      }),
    onSettled: invalidate,
  });
}

/** The monthly debits as of a day: the server's run is idempotent (one debit per unit and month). */
export function useDebitRun() {
  const { base } = useOtonomScope();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: (body: DebitRunInput) =>
      api(`${base}/debit-run`, { response: debitRunAnswerSchema, method: 'POST', body }),
    onSettled: invalidate,
  });
}

/**
 * Sends a kind's file, with a retry key: a double click or a retry after a timeout sends once.
 * The answer names the orders the file left out (no bank details…): they stay ready to send.
 */
export function useSendFile() {
  const { base } = useOtonomScope();
  const keys = useIdempotencyKeys();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: (kind: PadFileKind) =>
      api(`${base}/files`, {
        response: sendFileResultSchema,
        method: 'POST',
        body: { kind },
        idempotencyKey: keys.keyFor({ kind }),
      }),
    onSuccess: () => keys.saved(),
    onSettled: invalidate,
  });
}

/** Asks the partner for the statuses of what it holds; its answers not applied come back with why. */
export function useRefreshStatuses() {
  const { base } = useOtonomScope();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: () =>
      api(`${base}/statuses/refresh`, { response: statusRefreshResultSchema, method: 'POST' }),
    onSettled: invalidate,
  });
}

/** A return file (CSV) of the partner or the bank. */
export function useImportReturns() {
  const { base } = useOtonomScope();
  const invalidate = useInvalidateOtonom();
  return useMutation({
    mutationFn: (file: File) => uploadFile(`${base}/returns`, 'POST', file, returnImportAnswerSchema),
    onSettled: invalidate,
  });
}
