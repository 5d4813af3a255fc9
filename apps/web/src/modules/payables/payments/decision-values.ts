import type { z } from 'zod';
import {
  approvalDecisionSchema,
  cancelPaymentSchema,
  paymentNoteSchema,
  type FieldIssue,
  type SupplierPaymentView,
} from '@copro/domain';
import { prepareWith, type Prepared } from '../../../ui/prepare';

export type Decision = z.infer<typeof approvalDecisionSchema>['decision'];

/**
 * An approver's decision: a rejection says why (the payment's creator reads it to correct the
 * payment); an approval may carry a note.
 */
export function prepareDecision(
  decision: Decision,
  note: string,
): Prepared<z.infer<typeof approvalDecisionSchema>> {
  const issues: FieldIssue[] = [];
  if (decision === 'reject' && note.trim() === '')
    issues.push({ path: ['note'], key: 'validation.required' });
  return prepareWith(approvalDecisionSchema, { decision, note }, issues);
}

/** A note on a payment's thread. */
export const prepareNote = (note: string): Prepared<z.infer<typeof paymentNoteSchema>> =>
  prepareWith(paymentNoteSchema, { note });

/** Why a payment is cancelled or its check voided (both schemas ask the same reason). */
export const prepareReason = (reason: string): Prepared<z.infer<typeof cancelPaymentSchema>> =>
  prepareWith(cancelPaymentSchema, { reason });

/** The approval progress of a payment: approvals given of those required, and who refused. */
export function approvalProgress(payment: SupplierPaymentView): {
  approved: number;
  required: number;
  rejected: number;
} {
  return {
    approved: payment.approvals.filter((a) => a.decision === 'approved').length,
    required: payment.approvalsRequired,
    rejected: payment.approvals.filter((a) => a.decision === 'rejected').length,
  };
}

/** What a reader may do with a payment (beyond its check): decide, cancel. */
export function paymentActions(
  payment: SupplierPaymentView,
  reader: { canApprove: boolean; canWrite: boolean },
): { decide: boolean; cancel: boolean } {
  const checkOut = payment.paymentMethod === 'check' && payment.checkPrinted && payment.checkVoided === null;
  return {
    decide:
      reader.canApprove &&
      payment.canDecide &&
      payment.status === 'pending' &&
      payment.approvalStatus === 'pending',
    // Waiting, rejected, or posted without a check in someone's hands: a printed check is voided
    // instead, which cancels its payment.
    cancel: reader.canWrite && payment.status !== 'cancelled' && !checkOut,
  };
}

/** How many more approvals a payment waits for (0 once decided or when none is needed). */
export function approvalsMissing(payment: SupplierPaymentView): number {
  if (payment.approvalStatus !== 'pending') return 0;
  const { approved, required } = approvalProgress(payment);
  return Math.max(0, required - approved);
}
