import {
  checkDenialReasons,
  type CheckDenialReason,
  type FieldIssue,
  type SupplierPaymentView,
} from '@copro/domain';

/** The message key of a SPEC 8 check-print denial reason. */
export const deniedKey = (reason: CheckDenialReason): string => `payables.checks.denied.${reason}`;

const isDenialReason = (key: string): key is CheckDenialReason =>
  (checkDenialReasons as readonly string[]).includes(key);

/** A 409 `checkPrintDenied` names its reason as the issue key: shown as the reason's message. */
export const deniedIssues = (issues: readonly FieldIssue[]): FieldIssue[] =>
  issues.map((issue) => (isDenialReason(issue.key) ? { ...issue, key: deniedKey(issue.key) } : issue));

/** Whether a payment's check is there to print: a posted (so approved, if it had to be) payment by check. */
export const checkPrintable = (payment: SupplierPaymentView): boolean =>
  payment.status === 'posted' && payment.paymentMethod === 'check';

/**
 * The check actions of a payment, for a finance writer: a posted check payment prints once, then
 * reprints with its number; a printed check is voided (which cancels its payment) once.
 */
export function checkActions(payment: SupplierPaymentView): {
  print: boolean;
  reprint: boolean;
  void: boolean;
} {
  const standing = payment.paymentMethod === 'check' && payment.checkPrinted && payment.checkVoided === null;
  return {
    print: checkPrintable(payment) && !payment.checkPrinted,
    reprint: checkPrintable(payment) && standing,
    void: standing,
  };
}

/**
 * Why a batch cannot be printed, as the server would say it (SPEC 8), so the reader is told before
 * anything is sent; null when it can.
 */
export function batchProblem(payments: readonly SupplierPaymentView[]): CheckDenialReason | null {
  if (payments.some((payment) => payment.paymentMethod !== 'check' || payment.status === 'cancelled'))
    return 'TransactionNotSupplierPaymentByCheck';
  if (payments.some((payment) => payment.status !== 'posted')) return 'TransactionNotApproved';
  if (new Set(payments.map((payment) => payment.supplierUuid)).size > 1) return 'MultipleSuppliers';
  return null;
}

/**
 * The downloaded PDF's name: the server's (RFC 6266 `filename*` first, in the reader's language),
 * else a dated one.
 */
export function printFileName(contentDisposition: string | null, today: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed escape: the plain name below will do.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(contentDisposition ?? '')?.[1];
  return plain ?? `checks-${today}.pdf`;
}
