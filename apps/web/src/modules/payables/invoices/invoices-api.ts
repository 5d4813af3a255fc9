import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attachmentRefSchema,
  billbacksAnswerSchema,
  invoiceListSchema,
  invoicePrefillSchema,
  paymentListSchema,
  supplierInvoiceViewSchema,
  supplierPayablesSchema,
  type BillbackInput,
  type SupplierInvoiceInput,
} from '@copro/domain';
import { api } from '../../../app/api';
import { yearUrl } from '../../../app/api-paths';
import { useIdempotencyKeys } from '../../../app/idempotency-key';
import { useBuildingShell } from '../../../app/shell/building-context';
import { invoiceListSearch, type InvoiceFilters } from './invoice-list';
import { uploadFile } from '../../../app/upload';

/**
 * Keyed under 'transactions': every invoice, credit note, billback and payment posts one, so the
 * live events of that collection (another manager's entry, a payment approved) refresh these
 * pages wherever they are open.
 */
export const payablesKey = (buildingRef: string, fiscalYear: string) =>
  ['building', buildingRef, 'transactions', fiscalYear, 'payables'] as const;

function useInvoicesScope() {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return { ref, year, base: yearUrl(ref, year), key: payablesKey(ref, year) };
}

const invoiceUrl = (base: string, uuid: string) => `${base}/supplier-invoices/${encodeURIComponent(uuid)}`;

/** One page of the list, with the totals of everything the filters match. */
export function useInvoiceList(filters: InvoiceFilters, supplierUuid: string | undefined, page: number) {
  const { base, key } = useInvoicesScope();
  return useQuery({
    queryKey: [...key, 'invoices', filters, supplierUuid ?? '', page],
    queryFn: ({ signal }) =>
      api(`${base}/supplier-invoices?${invoiceListSearch(filters, supplierUuid, page)}`, {
        response: invoiceListSchema,
        signal,
      }),
    // The table keeps its rows while the next page or filter loads, instead of flashing a loader.
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(uuid: string | null) {
  const { base, key } = useInvoicesScope();
  return useQuery({
    queryKey: [...key, 'invoice', uuid],
    queryFn: ({ signal }) =>
      api(invoiceUrl(base, uuid ?? ''), { response: supplierInvoiceViewSchema, signal }),
    enabled: uuid !== null,
  });
}

/** What the building owes a supplier, with its unpaid invoices and unused credit notes. */
export function useSupplierPayables(supplierUuid: string | undefined) {
  const { base, key } = useInvoicesScope();
  return useQuery({
    queryKey: [...key, 'supplier', supplierUuid],
    queryFn: ({ signal }) =>
      api(`${base}/suppliers/${encodeURIComponent(supplierUuid ?? '')}/payables`, {
        response: supplierPayablesSchema,
        signal,
      }),
    enabled: supplierUuid !== undefined,
  });
}

export function useBillbacks(invoiceUuid: string) {
  const { base, key } = useInvoicesScope();
  return useQuery({
    queryKey: [...key, 'invoice', invoiceUuid, 'billbacks'],
    queryFn: ({ signal }) =>
      api(`${invoiceUrl(base, invoiceUuid)}/billbacks`, { response: billbacksAnswerSchema, signal }),
  });
}

/**
 * The payments of a supplier (every status), among which the invoice's: a supplier has a few
 * hundred payments in a year at most, and the list answers up to 500.
 */
export function useSupplierPayments(supplierUuid: string) {
  const { base, key } = useInvoicesScope();
  return useQuery({
    queryKey: [...key, 'supplier', supplierUuid, 'payments'],
    queryFn: ({ signal }) =>
      api(
        `${base}/supplier-payments?${new URLSearchParams({ filter: 'all', supplierUuid, pageSize: '500' }).toString()}`,
        { response: paymentListSchema, signal },
      ),
  });
}

/** Where an invoice's attached PDF is downloaded, with the session cookie. */
export function useInvoiceFileUrl() {
  const { base } = useInvoicesScope();
  return (invoiceUuid: string, fileId: string) =>
    `${invoiceUrl(base, invoiceUuid)}/files/${encodeURIComponent(fileId)}`;
}

/** A PDF stored for the invoice being entered; its reference goes in the invoice's attachments. */
export function useUploadInvoiceFile() {
  const { base } = useInvoicesScope();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile(`${base}/supplier-invoices/files`, 'POST', file, attachmentRefSchema),
  });
}

/** Reads an invoice's PDF (its text, or OCR of a scan) to prefill the form; the PDF is stored too. */
export function usePrefillInvoice() {
  const { base } = useInvoicesScope();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile(`${base}/supplier-invoices/prefill`, 'POST', file, invoicePrefillSchema),
  });
}

/** Refreshes every payables page of this user at once, without waiting for the live event. */
export function useRefreshPayables() {
  const { ref } = useInvoicesScope();
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['building', ref, 'transactions'] });
}

/** A new invoice or credit note: sent with the form's retry key, so a double click writes one. */
export function useCreateInvoice() {
  const { base } = useInvoicesScope();
  const keys = useIdempotencyKeys();
  const refresh = useRefreshPayables();
  return useMutation({
    mutationFn: (body: SupplierInvoiceInput) =>
      api(`${base}/supplier-invoices`, {
        response: supplierInvoiceViewSchema,
        method: 'POST',
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => keys.saved(),
    onSettled: refresh,
  });
}

export function useCancelInvoice(uuid: string) {
  const { base } = useInvoicesScope();
  const refresh = useRefreshPayables();
  return useMutation({
    mutationFn: (reason: string) =>
      api(`${invoiceUrl(base, uuid)}/cancel`, {
        response: supplierInvoiceViewSchema,
        method: 'POST',
        body: { reason },
      }),
    // After a refusal too: someone else may have paid it meanwhile.
    onSettled: refresh,
  });
}

export function useAddBillback(uuid: string) {
  const { base } = useInvoicesScope();
  const refresh = useRefreshPayables();
  return useMutation({
    mutationFn: (body: BillbackInput) =>
      api(`${invoiceUrl(base, uuid)}/billbacks`, { response: billbacksAnswerSchema, method: 'POST', body }),
    onSettled: refresh,
  });
}
