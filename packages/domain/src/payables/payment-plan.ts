import type { FieldIssue } from '../errors';
import { negateCents, sumCents, subtractCents, zeroCents, type Cents } from '../money';

/**
 * DOMAIN 7, SPEC 5: what a supplier payment may pay, and what it posts.
 *
 * Checks, each reported under the form's path (`invoices.i.…`, `creditNotes.i.…`):
 * - at least one invoice is paid (SPEC 5 "A supplier payment must pay at least one invoice.");
 * - each invoice or credit note appears once in the whole payment (no duplicate supplier and
 *   invoice pair);
 * - each one exists (not cancelled) and belongs to the payment's supplier;
 * - an invoice is paid as an invoice and a credit note is used as a credit note, never the other way;
 * - an invoice's amount is at most its unpaid amount, a credit note's at most its unused amount
 *   (these two are the `exceedsUnpaid` issues, a conflict with the standing, not a form error);
 * - the credit notes used add up to at most the invoices paid (a payment never takes money in).
 *
 * Ledger lines of the `supplierPayment` (positive debit): Dr the supplier for the invoices paid,
 * Cr the supplier for the credit notes used, Cr the bank for the rest (invoices − credit notes).
 * Lines of zero are left out (no credit note, or credit notes covering the whole payment).
 */

export interface PaymentLine {
  invoiceUuid: string;
  amount: Cents;
}

export interface PaymentPlanInput {
  supplierUuid: string;
  invoices: readonly PaymentLine[];
  creditNotes: readonly PaymentLine[];
}

/** An invoice or credit note as the payment finds it: `open` is its unpaid (or unused) amount. */
export interface OpenInvoice {
  uuid: string;
  supplierUuid: string;
  number: string;
  creditNote: boolean;
  open: Cents;
}

export interface PlanIssue extends FieldIssue {
  /** A form error (400) or an amount beyond what is left on the invoice (409). */
  kind: 'validation' | 'exceedsUnpaid';
}

export interface PlannedLine {
  invoiceUuid: string;
  number: string;
  amount: Cents;
}

export interface PaymentPlan {
  issues: PlanIssue[];
  invoices: PlannedLine[];
  creditNotes: PlannedLine[];
  invoicesTotal: Cents;
  creditNotesTotal: Cents;
  /** Out of the bank: invoices − credit notes. */
  bankAmount: Cents;
  /** The ledger lines, given the supplier's and the bank's accounts. */
  lines(accounts: { supplierAid: number; bankAid: number }): { aid: number; amount: Cents }[];
}

export function paymentPlan(input: PaymentPlanInput, known: ReadonlyMap<string, OpenInvoice>): PaymentPlan {
  const issues: PlanIssue[] = [];
  const seen = new Set<string>();
  const issue = (kind: PlanIssue['kind'], path: (string | number)[], key: string) =>
    issues.push({ kind, path, key });

  if (input.invoices.length === 0) issue('validation', ['invoices'], 'validation.paymentNeedsInvoice');

  const planned = (field: 'invoices' | 'creditNotes', lines: readonly PaymentLine[]): PlannedLine[] =>
    lines.map((line, i) => {
      const path = [field, i];
      const found = known.get(line.invoiceUuid);
      const duplicate = seen.has(line.invoiceUuid);
      seen.add(line.invoiceUuid);
      if (duplicate)
        issue('validation', [...path, 'invoiceUuid'], 'payables.payments.validation.duplicateInvoice');
      else if (!found)
        issue('validation', [...path, 'invoiceUuid'], 'payables.payments.validation.invoiceMissing');
      else if (found.supplierUuid !== input.supplierUuid)
        issue('validation', [...path, 'invoiceUuid'], 'payables.payments.validation.otherSupplier');
      else if (field === 'invoices' && found.creditNote)
        issue('validation', [...path, 'invoiceUuid'], 'payables.payments.validation.notAnInvoice');
      else if (field === 'creditNotes' && !found.creditNote)
        issue('validation', [...path, 'invoiceUuid'], 'payables.payments.validation.notACreditNote');
      else if (line.amount > found.open)
        issue(
          'exceedsUnpaid',
          [...path, 'amount'],
          field === 'invoices'
            ? 'payables.errors.amountExceedsUnpaid'
            : 'payables.payments.validation.creditNoteExceedsUnused',
        );
      return { invoiceUuid: line.invoiceUuid, number: found?.number ?? '', amount: line.amount };
    });

  const invoices = planned('invoices', input.invoices);
  const creditNotes = planned('creditNotes', input.creditNotes);
  const invoicesTotal = sumCents(invoices.map((l) => l.amount));
  const creditNotesTotal = sumCents(creditNotes.map((l) => l.amount));
  if (creditNotesTotal > invoicesTotal)
    issue('validation', ['creditNotes'], 'payables.payments.validation.creditNotesExceedInvoices');
  const bankAmount = subtractCents(invoicesTotal, creditNotesTotal);

  return {
    issues,
    invoices,
    creditNotes,
    invoicesTotal,
    creditNotesTotal,
    bankAmount,
    lines: (accounts) => supplierPaymentLines(invoicesTotal, creditNotesTotal, accounts),
  };
}

/** The `supplierPayment` lines of a payment of `invoicesTotal` using `creditNotesTotal` (rule above). */
export function supplierPaymentLines(
  invoicesTotal: Cents,
  creditNotesTotal: Cents,
  { supplierAid, bankAid }: { supplierAid: number; bankAid: number },
): { aid: number; amount: Cents }[] {
  return [
    { aid: supplierAid, amount: invoicesTotal },
    { aid: supplierAid, amount: negateCents(creditNotesTotal) },
    { aid: bankAid, amount: negateCents(subtractCents(invoicesTotal, creditNotesTotal)) },
  ].filter((line) => line.amount !== zeroCents);
}

/**
 * DOMAIN 7: the low-balance warning. A payment of `amount` (> 0) warns when it takes the bank's
 * balance strictly under the building's threshold; the answer is the balance it would leave.
 */
export function lowBalanceAfter(balance: Cents, amount: Cents, threshold: Cents): Cents | null {
  if (amount <= 0) return null;
  const after = subtractCents(balance, amount);
  return after < threshold ? after : null;
}
