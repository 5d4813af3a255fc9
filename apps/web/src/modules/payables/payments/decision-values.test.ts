import { describe, expect, it } from 'vitest';
import {
  approvalProgress,
  approvalsMissing,
  paymentActions,
  prepareDecision,
  prepareNote,
  prepareReason,
} from './decision-values';
import { paymentView } from './test-fixtures';

const decision = (userId: string, kind: 'approved' | 'rejected') => ({
  userId,
  name: userId,
  decision: kind,
  at: '2026-03-03T10:00:00.000Z',
});

describe('decisions', () => {
  it('asks why a payment is rejected, not why it is approved', () => {
    expect(prepareDecision('reject', '  ').issues).toEqual([{ path: ['note'], key: 'validation.required' }]);
    expect(prepareDecision('reject', ' Wrong amount ').input).toEqual({
      decision: 'reject',
      note: 'Wrong amount',
    });
    expect(prepareDecision('approve', '').input).toEqual({ decision: 'approve' });
  });

  it('asks for a note’s text and a reason', () => {
    expect(prepareNote(' ').input).toBeNull();
    expect(prepareNote('Call the supplier').input).toEqual({ note: 'Call the supplier' });
    expect(prepareReason('').issues.map((i) => i.path.join('.'))).toEqual(['reason']);
    expect(prepareReason('Duplicate').input).toEqual({ reason: 'Duplicate' });
  });

  it('counts approvals given and those still missing', () => {
    const payment = paymentView({ approvals: [decision('a', 'approved')] });
    expect(approvalProgress(payment)).toEqual({ approved: 1, required: 2, rejected: 0 });
    expect(approvalsMissing(payment)).toBe(1);
    expect(
      approvalsMissing(paymentView({ approvalStatus: 'rejected', approvals: [decision('b', 'rejected')] })),
    ).toBe(0);
    expect(approvalsMissing(paymentView({ approvalStatus: 'notRequired', approvalsRequired: 0 }))).toBe(0);
  });
});

describe('paymentActions', () => {
  const approver = { canApprove: true, canWrite: false };
  const writer = { canApprove: false, canWrite: true };

  it('lets an approver decide a waiting payment they have not decided', () => {
    expect(paymentActions(paymentView(), approver)).toEqual({ decide: true, cancel: false });
    expect(paymentActions(paymentView({ canDecide: false }), approver).decide).toBe(false);
    expect(paymentActions(paymentView(), writer).decide).toBe(false);
    expect(paymentActions(paymentView({ approvalStatus: 'rejected' }), approver).decide).toBe(false);
  });

  it('lets a finance writer cancel what waits, is rejected, or is posted without a printed check', () => {
    expect(paymentActions(paymentView(), writer).cancel).toBe(true);
    expect(paymentActions(paymentView({ approvalStatus: 'rejected' }), writer).cancel).toBe(true);
    expect(paymentActions(paymentView({ status: 'posted', approvalStatus: 'approved' }), writer).cancel).toBe(
      true,
    );
    expect(
      paymentActions(
        paymentView({ status: 'posted', approvalStatus: 'approved', checkPrinted: true }),
        writer,
      ).cancel,
    ).toBe(false);
    expect(paymentActions(paymentView({ status: 'cancelled' }), writer).cancel).toBe(false);
  });
});
