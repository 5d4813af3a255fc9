import { approvalFilters } from '@copro/domain';

export type ApprovalFilter = (typeof approvalFilters)[number];

/** What the approvals page asks the API for. */
export interface PaymentFilters {
  filter: ApprovalFilter;
  /** '' for every supplier. */
  supplierUuid: string;
  page: number;
  pageSize: number;
}

/** The filters about the reader's own decisions mean something only to an approver. */
const approverOnly: readonly ApprovalFilter[] = ['waitingForMe', 'approvedByMe', 'rejectedByMe'];

/** The filters offered to the reader, in the API's order. */
export const filtersFor = (canApprove: boolean): ApprovalFilter[] =>
  approvalFilters.filter((filter) => canApprove || !approverOnly.includes(filter));

/** An approver opens the page on what waits for them; anyone else on every payment. */
export const defaultApprovalFilter = (canApprove: boolean): ApprovalFilter =>
  canApprove ? 'waitingForMe' : 'all';

export const pageSize = 20;

export const newPaymentFilters = (canApprove: boolean): PaymentFilters => ({
  filter: defaultApprovalFilter(canApprove),
  supplierUuid: '',
  page: 1,
  pageSize,
});

/** The query string of GET …/supplier-payments; 'all' and an unchosen supplier are left out. */
export function paymentListQuery(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  if (filters.filter !== 'all') params.set('filter', filters.filter);
  if (filters.supplierUuid !== '') params.set('supplierUuid', filters.supplierUuid);
  params.set('page', String(filters.page));
  params.set('pageSize', String(filters.pageSize));
  return params.toString();
}
