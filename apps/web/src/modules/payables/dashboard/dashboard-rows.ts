import type { PaymentFilters } from '../payments/approval-filters';

/** The first rows a card names, and how many it leaves for "and N more". */
export function firstRows<T>(rows: readonly T[], count: number): { shown: T[]; more: number } {
  return { shown: rows.slice(0, count), more: Math.max(0, rows.length - count) };
}

/**
 * The approvals card's question: an approver's own queue; for the other readers of approvals,
 * everything still waiting, since nothing ever waits for them.
 */
export const dashboardApprovalFilters = (canApprove: boolean, pageSize: number): PaymentFilters => ({
  filter: canApprove ? 'waitingForMe' : 'pendingApproval',
  supplierUuid: '',
  page: 1,
  pageSize,
});
