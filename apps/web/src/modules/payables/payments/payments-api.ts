import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approvalRulesSchema,
  paymentListSchema,
  payablesDashboardSchema,
  supplierPayablesSchema,
  supplierPaymentSavedSchema,
  supplierPaymentViewSchema,
  type ApprovalRules,
  type SupplierPaymentInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { buildingUrl, yearUrl } from '../../../app/api-paths';
import { useIdempotencyKeys } from '../../../app/idempotency-key';
import { useBuildingShell } from '../../../app/shell/building-context';
import { paymentListQuery, type PaymentFilters } from './approval-filters';

/**
 * Keyed under 'transactions', like the invoices pages: every invoice and posted payment posts one,
 * so the live events of that collection (another manager's entry, a payment approved) refresh
 * the approvals and the dashboard wherever they are open; a renamed supplier or bank too. After
 * each write the whole collection is invalidated, so the invoices page, the approvals and the
 * dashboard agree at once.
 */
const payablesKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear, 'payables'] as const;
const live = { liveCollections: ['suppliers', 'banks'] } as const;

function usePayablesScope() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return { ref, base: yearUrl(ref, year), key: payablesKey(ref, year) };
}

/** After a write (a refusal too: someone else may have decided meanwhile), what it may have changed. */
export function useInvalidatePayables() {
  const { ref } = usePayablesScope();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
}

/** A supplier's unpaid invoices and unused credit notes. */
export function useSupplierPayables(supplierUuid: string) {
  const { base, key } = usePayablesScope();
  return useQuery({
    queryKey: [...key, 'supplier', supplierUuid],
    queryFn: ({ signal }) =>
      api(`${base}/suppliers/${encodeURIComponent(supplierUuid)}/payables`, {
        response: supplierPayablesSchema,
        signal,
      }),
    enabled: supplierUuid !== '',
    meta: live,
  });
}

/** The supplier payments the approvals page lists, a page at a time. */
export function useSupplierPayments(filters: PaymentFilters, options: { enabled?: boolean } = {}) {
  const { base, key } = usePayablesScope();
  return useQuery({
    queryKey: [...key, 'payments', filters],
    queryFn: ({ signal }) =>
      api(`${base}/supplier-payments?${paymentListQuery(filters)}`, { response: paymentListSchema, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    meta: live,
  });
}

/** The dashboard's bills due this week. */
export function usePayablesDashboard(enabled: boolean) {
  const { base, key } = usePayablesScope();
  return useQuery({
    queryKey: [...key, 'dashboard'],
    queryFn: ({ signal }) => api(`${base}/payables-dashboard`, { response: payablesDashboardSchema, signal }),
    enabled,
    meta: live,
  });
}

/**
 * A new payment, sent with the dialog's retry key: a double click pays once. Confirming a low
 * balance sends other values (`acceptLowBalance`), hence a new key.
 */
export function useCreatePayment() {
  const { base } = usePayablesScope();
  const keys = useIdempotencyKeys();
  const invalidate = useInvalidatePayables();
  return useMutation({
    mutationFn: (body: SupplierPaymentInput) =>
      api(`${base}/supplier-payments`, {
        response: supplierPaymentSavedSchema,
        method: 'POST',
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: (answer) => {
      if (answer.payment) keys.saved();
    },
    onSettled: invalidate,
  });
}

/** What a write on one payment sends, by kind. */
interface PaymentWrites {
  decision: { decision: 'approve' | 'reject'; note?: string };
  notes: { note: string };
  cancel: { reason: string };
  'void-check': { reason: string };
}

/** A write on an existing payment: a decision, a note, a cancellation or a voided check. */
export function usePaymentWrite<K extends keyof PaymentWrites>(kind: K) {
  const { base } = usePayablesScope();
  const invalidate = useInvalidatePayables();
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: PaymentWrites[K] }) =>
      api(`${base}/supplier-payments/${encodeURIComponent(uuid)}/${kind}`, {
        response: supplierPaymentViewSchema,
        method: 'POST',
        body,
      }),
    onSettled: invalidate,
  });
}

const rulesKey = (ref: string) => ['building', ref, 'approval-rules'] as const;

/** The building's approval rules (amount, suppliers); not tied to a fiscal year. */
export function useApprovalRules() {
  const { ref } = usePayablesScope();
  return useQuery({
    queryKey: rulesKey(ref),
    queryFn: ({ signal }) =>
      api(`${buildingUrl(ref)}/approval-rules`, { response: approvalRulesSchema, signal }),
  });
}

export function useSaveApprovalRules() {
  const { ref } = usePayablesScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalRules) =>
      api(`${buildingUrl(ref)}/approval-rules`, { response: approvalRulesSchema, method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(rulesKey(ref), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey(ref) }),
  });
}
