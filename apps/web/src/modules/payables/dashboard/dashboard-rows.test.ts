import { describe, expect, it } from 'vitest';
import { dashboardApprovalFilters, firstRows } from './dashboard-rows';

describe('dashboard rows', () => {
  it('names the first rows and counts the rest', () => {
    expect(firstRows([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
    expect(firstRows([1], 5)).toEqual({ shown: [1], more: 0 });
  });

  it('shows an approver their own queue, the other readers what waits for anyone', () => {
    expect(dashboardApprovalFilters(true, 5)).toMatchObject({ filter: 'waitingForMe', pageSize: 5 });
    expect(dashboardApprovalFilters(false, 5)).toMatchObject({ filter: 'pendingApproval', pageSize: 5 });
  });
});
