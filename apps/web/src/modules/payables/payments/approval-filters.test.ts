import { describe, expect, it } from 'vitest';
import { approvalFilters } from '@copro/domain';
import { defaultApprovalFilter, filtersFor, newPaymentFilters, paymentListQuery } from './approval-filters';

describe('approval filters', () => {
  it('opens on what waits for an approver, on every payment for the other readers', () => {
    expect(defaultApprovalFilter(true)).toBe('waitingForMe');
    expect(defaultApprovalFilter(false)).toBe('all');
    expect(newPaymentFilters(false)).toEqual({ filter: 'all', supplierUuid: '', page: 1, pageSize: 20 });
  });

  it('offers the filters about one’s own decisions to approvers only', () => {
    expect(filtersFor(true)).toEqual([...approvalFilters]);
    expect(filtersFor(false)).toEqual([
      'all',
      'approved',
      'approvedAndPaid',
      'approvedPendingPayment',
      'released',
      'pendingApproval',
      'rejected',
    ]);
    expect(filtersFor(false)).toContain(defaultApprovalFilter(false));
    expect(filtersFor(true)).toContain(defaultApprovalFilter(true));
  });

  it('asks the API for the filter, the supplier and the page; "all" and no supplier are left out', () => {
    expect(paymentListQuery(newPaymentFilters(false))).toBe('page=1&pageSize=20');
    expect(paymentListQuery({ filter: 'waitingForMe', supplierUuid: 'abc', page: 3, pageSize: 20 })).toBe(
      'filter=waitingForMe&supplierUuid=abc&page=3&pageSize=20',
    );
  });
});
