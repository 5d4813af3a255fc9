import type { InvoiceListQuery, SupplierInvoiceView } from '@copro/domain';

export type InvoiceListFilter = NonNullable<InvoiceListQuery['status']>;

/** The list's filters as the user sets them; the supplier comes from the page's address. */
export interface InvoiceFilters {
  status: InvoiceListFilter;
  from: string;
  to: string;
  q: string;
}

export const noInvoiceFilters: InvoiceFilters = { status: 'all', from: '', to: '', q: '' };

/** Rows per page: thousands of invoices are read a page at a time. */
export const invoicePageSize = 50;

/** A period is usable when its end is not before its start. */
export const periodProblem = (from: string, to: string): string | null =>
  from !== '' && to !== '' && to < from ? 'validation.dateTooEarly' : null;

/** The query string of GET …/supplier-invoices (invoiceListQuerySchema): only what narrows the list. */
export function invoiceListSearch(
  filters: InvoiceFilters,
  supplierUuid: string | undefined,
  page: number,
  pageSize: number = invoicePageSize,
): string {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (supplierUuid) params.set('supplierUuid', supplierUuid);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  const q = filters.q.trim();
  if (q) params.set('q', q);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

export const pageCount = (total: number, pageSize: number = invoicePageSize): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** An invoice a payment can take: not a credit note, not cancelled, with something left unpaid. */
export const isPayable = (invoice: Pick<SupplierInvoiceView, 'creditNote' | 'status' | 'unpaid'>): boolean =>
  !invoice.creditNote && invoice.status !== 'cancelled' && invoice.unpaid > 0;

/** Invoices picked for one payment: all of one supplier (a payment pays one supplier). */
export interface PaySelection {
  supplierUuid: string;
  invoiceUuids: string[];
}

/**
 * Ticks or unticks an invoice. An invoice of another supplier starts a new selection: a payment
 * pays one supplier, so the selection never mixes two.
 */
export function toggleInvoice(
  selection: PaySelection | null,
  invoice: Pick<SupplierInvoiceView, 'uuid' | 'supplierUuid'>,
): PaySelection | null {
  if (!selection || selection.supplierUuid !== invoice.supplierUuid)
    return { supplierUuid: invoice.supplierUuid, invoiceUuids: [invoice.uuid] };
  const picked = selection.invoiceUuids.includes(invoice.uuid);
  const invoiceUuids = picked
    ? selection.invoiceUuids.filter((uuid) => uuid !== invoice.uuid)
    : [...selection.invoiceUuids, invoice.uuid];
  return invoiceUuids.length === 0 ? null : { ...selection, invoiceUuids };
}

/** The payable invoices of a page, all ticked at once: those of the selection's supplier, or of the page's first. */
export function selectAllPayable(
  selection: PaySelection | null,
  invoices: readonly SupplierInvoiceView[],
): PaySelection | null {
  const payable = invoices.filter(isPayable);
  const supplierUuid = selection?.supplierUuid ?? payable[0]?.supplierUuid;
  if (!supplierUuid) return selection;
  const uuids = payable.filter((invoice) => invoice.supplierUuid === supplierUuid).map((i) => i.uuid);
  const invoiceUuids = [...new Set([...(selection?.invoiceUuids ?? []), ...uuids])];
  return invoiceUuids.length === 0 ? null : { supplierUuid, invoiceUuids };
}

/** The status badge's color. */
export const statusColor: Record<SupplierInvoiceView['status'], string> = {
  unpaid: 'red',
  pending: 'yellow',
  paid: 'teal',
  cancelled: 'gray',
};
