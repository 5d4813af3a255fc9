import type { ApprovalRules } from '../schemas/payables';

/**
 * DOMAIN 7: how many approvals a supplier payment needs, and where its approval stands.
 *
 * Approvals needed, the first rule that applies deciding:
 * 1. the payment's supplier has a rule `never` → 0;
 * 2. the payment's supplier has a rule `always` → the building's `numberOfApprovalsRequired`, at
 *    least 1, whatever the method and amount;
 * 3. a `minimumAmount` is set and the payment's amount is at most it → 0;
 * 4. the building's `numberOfApprovalsRequired` is above 0 and the payment's method is in its
 *    `paymentMethodsRequiringApproval` → `numberOfApprovalsRequired`;
 * 5. otherwise 0.
 *
 * Outcome of the decisions (each approver decides once; a second decision of the same approver
 * is the same approver, not another one): one rejection rejects; otherwise the payment is
 * approved when at least `required` distinct approvers approved; else it is pending.
 */

export interface ApprovalSettings {
  /** 0 to 4 (SPEC 9). */
  numberOfApprovalsRequired: number;
  paymentMethodsRequiringApproval: readonly string[];
}

export interface PaymentToApprove {
  supplierUuid: string;
  paymentMethod: string;
  /** What the payment takes out of the bank, in cents. */
  amount: number;
}

export function approvalsNeeded(
  settings: ApprovalSettings,
  rules: ApprovalRules,
  payment: PaymentToApprove,
): number {
  const supplierRule = rules.suppliers.find((s) => s.supplierUuid === payment.supplierUuid)?.rule;
  if (supplierRule === 'never') return 0;
  if (supplierRule === 'always') return Math.max(1, settings.numberOfApprovalsRequired);
  if (rules.minimumAmount !== null && payment.amount <= rules.minimumAmount) return 0;
  if (
    settings.numberOfApprovalsRequired > 0 &&
    settings.paymentMethodsRequiringApproval.includes(payment.paymentMethod)
  ) {
    return settings.numberOfApprovalsRequired;
  }
  return 0;
}

export type ApprovalOutcome = 'pending' | 'approved' | 'rejected';

export interface ApprovalDecision {
  userId: string;
  decision: 'approved' | 'rejected';
}

export function approvalOutcome(required: number, decisions: readonly ApprovalDecision[]): ApprovalOutcome {
  if (decisions.some((d) => d.decision === 'rejected')) return 'rejected';
  const approvers = new Set(decisions.filter((d) => d.decision === 'approved').map((d) => d.userId));
  return approvers.size >= required ? 'approved' : 'pending';
}
