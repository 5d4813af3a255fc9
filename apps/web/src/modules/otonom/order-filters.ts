import type { OrderDirection, OtonomStatus } from '@copro/domain';

/** The payments table's filters as chosen: '' for "all". */
export interface OrderFilters {
  status: OtonomStatus | '';
  direction: OrderDirection | '';
  unitUuid: string;
  /** Due from (inclusive), YYYY-MM-DD or ''. */
  from: string;
  /** Due to (inclusive), YYYY-MM-DD or ''. */
  to: string;
  page: number;
}

export const orderPageSize = 50;

export const noOrderFilters: OrderFilters = {
  status: '',
  direction: '',
  unitUuid: '',
  from: '',
  to: '',
  page: 1,
};

/** A period whose end comes before its start lists nothing: said under the end, and not asked. */
export const periodProblem = (from: string, to: string): string | null =>
  from !== '' && to !== '' && to < from ? 'otonomPages.orders.filters.toBeforeFrom' : null;

/**
 * The query string of GET …/otonom/orders (`padOrderQuerySchema`): what is chosen, the page and
 * its size; "all" is left out, and so is an inverted period.
 */
export function orderListQuery(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status !== '') params.set('status', filters.status);
  if (filters.direction !== '') params.set('direction', filters.direction);
  if (filters.unitUuid !== '') params.set('unitUuid', filters.unitUuid);
  if (!periodProblem(filters.from, filters.to)) {
    if (filters.from !== '') params.set('from', filters.from);
    if (filters.to !== '') params.set('to', filters.to);
  }
  params.set('page', String(filters.page));
  params.set('pageSize', String(orderPageSize));
  return params.toString();
}

/** A filter changed: back to the first page, since the old page number may not exist any more. */
export const withFilter = (
  filters: OrderFilters,
  change: Partial<Omit<OrderFilters, 'page'>>,
): OrderFilters => ({
  ...filters,
  ...change,
  page: 1,
});

/** The filters that show what waits for approval (the summary's "Approve" leads there). */
export const waitingApprovalFilters: OrderFilters = { ...noOrderFilters, status: 'waitingApproval' };
