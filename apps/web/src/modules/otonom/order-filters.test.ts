import { describe, expect, it } from 'vitest';
import { padOrderQuerySchema } from '@copro/domain';
import {
  noOrderFilters,
  orderListQuery,
  periodProblem,
  waitingApprovalFilters,
  withFilter,
} from './order-filters';

const unit = '11111111-1111-4111-8111-111111111111';

/** What the server reads of the query string. */
const parsed = (query: string) => padOrderQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

describe('payments table filters', () => {
  it('asks every order, 50 at a time, when nothing is chosen', () => {
    expect(orderListQuery(noOrderFilters)).toBe('page=1&pageSize=50');
    expect(parsed(orderListQuery(noOrderFilters))).toEqual({ page: 1, pageSize: 50 });
  });

  it('sends the status, direction, unit and period chosen, as the API reads them', () => {
    const filters = {
      status: 'processedNSF',
      direction: 'debit',
      unitUuid: unit,
      from: '2026-01-01',
      to: '2026-03-31',
      page: 3,
    } as const;
    expect(orderListQuery(filters)).toBe(
      `status=processedNSF&direction=debit&unitUuid=${unit}&from=2026-01-01&to=2026-03-31&page=3&pageSize=50`,
    );
    expect(parsed(orderListQuery(filters))).toEqual({ ...filters, pageSize: 50 });
  });

  it('leaves an inverted period out and says why', () => {
    expect(periodProblem('2026-03-01', '2026-02-01')).toBe('otonomPages.orders.filters.toBeforeFrom');
    expect(periodProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(periodProblem('', '2026-02-01')).toBeNull();
    expect(orderListQuery({ ...noOrderFilters, from: '2026-03-01', to: '2026-02-01' })).toBe(
      'page=1&pageSize=50',
    );
    expect(orderListQuery({ ...noOrderFilters, to: '2026-02-01' })).toBe('to=2026-02-01&page=1&pageSize=50');
  });

  it('goes back to the first page when a filter changes', () => {
    expect(withFilter({ ...noOrderFilters, page: 4 }, { direction: 'credit' })).toEqual({
      ...noOrderFilters,
      direction: 'credit',
      page: 1,
    });
  });

  it('leads the summary’s approval to the orders waiting for it', () => {
    expect(orderListQuery(waitingApprovalFilters)).toBe('status=waitingApproval&page=1&pageSize=50');
  });
});
