import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { supplierPaymentMethods, type ApprovalRules } from '../schemas/payables';
import { approvalOutcome, approvalsNeeded, type ApprovalDecision } from './approval-rules';

const supplier = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const noRules: ApprovalRules = { minimumAmount: null, suppliers: [] };
const checksNeedTwo = { numberOfApprovalsRequired: 2, paymentMethodsRequiringApproval: ['check'] };
const payment = (paymentMethod: string, amount = 10_000, supplierUuid = supplier) => ({
  supplierUuid,
  paymentMethod,
  amount,
});

describe('approvals needed', () => {
  it('follow the building: its number for the methods it lists, none for the others', () => {
    expect(approvalsNeeded(checksNeedTwo, noRules, payment('check'))).toBe(2);
    expect(approvalsNeeded(checksNeedTwo, noRules, payment('wire-transfer'))).toBe(0);
    expect(
      approvalsNeeded(
        { numberOfApprovalsRequired: 0, paymentMethodsRequiringApproval: ['check'] },
        noRules,
        payment('check'),
      ),
    ).toBe(0);
  });

  it('need none up to the minimum amount, and the building’s above it', () => {
    const rules = { minimumAmount: cents(50_000), suppliers: [] };
    expect(approvalsNeeded(checksNeedTwo, rules, payment('check', 50_000))).toBe(0);
    expect(approvalsNeeded(checksNeedTwo, rules, payment('check', 50_001))).toBe(2);
  });

  it('take a supplier’s rule first: never, or always (at least one) whatever the method and amount', () => {
    const rules: ApprovalRules = {
      minimumAmount: cents(50_000),
      suppliers: [
        { supplierUuid: supplier, rule: 'always' },
        { supplierUuid: other, rule: 'never' },
      ],
    };
    expect(approvalsNeeded(checksNeedTwo, rules, payment('cash', 1))).toBe(2);
    expect(
      approvalsNeeded(
        { numberOfApprovalsRequired: 0, paymentMethodsRequiringApproval: [] },
        rules,
        payment('cash', 1),
      ),
    ).toBe(1);
    expect(approvalsNeeded(checksNeedTwo, rules, payment('check', 900_000, other))).toBe(0);
  });

  it('are always 0 or the building’s number (at least 1 for an always rule), never more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.subarray([...supplierPaymentMethods]),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        fc.constantFrom<'always' | 'never' | null>('always', 'never', null),
        fc.constantFrom(...supplierPaymentMethods),
        fc.integer({ min: 1, max: 2_000_000 }),
        (number, methods, minimum, rule, method, amount) => {
          const rules: ApprovalRules = {
            minimumAmount: minimum === null ? null : cents(minimum),
            suppliers: rule ? [{ supplierUuid: supplier, rule }] : [],
          };
          const settings = { numberOfApprovalsRequired: number, paymentMethodsRequiringApproval: methods };
          const needed = approvalsNeeded(settings, rules, payment(method, amount));
          if (rule === 'never') expect(needed).toBe(0);
          else if (rule === 'always') expect(needed).toBe(Math.max(1, number));
          else if (minimum !== null && amount <= minimum) expect(needed).toBe(0);
          else expect(needed).toBe(methods.includes(method) ? number : 0);
          // Another supplier's rule never changes this payment's count.
          const unrelated = { ...rules, suppliers: [{ supplierUuid: other, rule: 'always' as const }] };
          expect(approvalsNeeded(settings, unrelated, payment(method, amount))).toBe(
            approvalsNeeded(settings, { ...rules, suppliers: [] }, payment(method, amount)),
          );
        },
      ),
    );
  });
});

describe('approval outcome', () => {
  const approved = (userId: string): ApprovalDecision => ({ userId, decision: 'approved' });

  it('is approved once that many distinct approvers approved, and a repeated approver counts once', () => {
    expect(approvalOutcome(2, [approved('a')])).toBe('pending');
    expect(approvalOutcome(2, [approved('a'), approved('a')])).toBe('pending');
    expect(approvalOutcome(2, [approved('a'), approved('b')])).toBe('approved');
  });

  it('is rejected by one rejection, whatever the approvals', () => {
    expect(approvalOutcome(1, [approved('a'), { userId: 'b', decision: 'rejected' }])).toBe('rejected');
  });

  it('is decided by the rejections and the count of distinct approvers alone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(
          fc.record({
            userId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
            decision: fc.constantFrom<'approved' | 'rejected'>('approved', 'approved', 'rejected'),
          }),
          { maxLength: 8 },
        ),
        (required, decisions) => {
          const outcome = approvalOutcome(required, decisions);
          const distinct = new Set(decisions.filter((d) => d.decision === 'approved').map((d) => d.userId));
          if (decisions.some((d) => d.decision === 'rejected')) expect(outcome).toBe('rejected');
          else expect(outcome).toBe(distinct.size >= required ? 'approved' : 'pending');
          // The order of the decisions does not matter.
          expect(approvalOutcome(required, [...decisions].reverse())).toBe(outcome);
        },
      ),
    );
  });
});
