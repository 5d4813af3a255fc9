import type { TransactionKind } from '@copro/domain';

/** What the account's table is narrowed to; empty texts mean "no limit". */
export interface LedgerFilters {
  from: string;
  to: string;
  kind: TransactionKind | '';
  hideCancelled: boolean;
}

/**
 * DOMAIN 1: cancelled transactions stay visible "when asked for", so they are hidden until the
 * user turns the switch off.
 */
export const defaultFilters: LedgerFilters = { from: '', to: '', kind: '', hideCancelled: true };

export const isFiltered = (filters: LedgerFilters): boolean =>
  filters.from !== '' || filters.to !== '' || filters.kind !== '';

/** The query string of GET /accounts/:aid/transactions for one page. */
export function ledgerSearch(filters: LedgerFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.kind) params.set('kind', filters.kind);
  params.set('hideCancelled', String(filters.hideCancelled));
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params.toString();
}

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/** "21–40 of 57": the positions of the page's first and last lines among all matching lines. */
export function pageRange(page: number, pageSize: number, shown: number): { first: number; last: number } {
  const first = (page - 1) * pageSize + 1;
  return shown === 0 ? { first: 0, last: 0 } : { first, last: first + shown - 1 };
}
