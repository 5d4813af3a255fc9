import {
  cents,
  formatCents,
  supplierPaymentMethods,
  supplierPaymentSchema,
  type BankView,
  type Cents,
  type FieldIssue,
  type Language,
  type PaymentMethod,
  type SupplierPayables,
  type SupplierPaymentInput,
  type SupplierPaymentMethod,
} from '@copro/domain';
import { compareText } from '../../../ui/compare';
import { amountAt, chosenAt, prepareWith, type Prepared } from '../../../ui/prepare';
import { centsOf } from '../../../ui/typed-amount';

/** One invoice (or credit note) of the payment: what is left on it, and the amount typed. */
export interface PaymentRow {
  invoiceUuid: string;
  number: string;
  /** Left to pay on an invoice; unused on a credit note. */
  open: Cents;
  amount: string;
}

export interface CreditNoteRow extends PaymentRow {
  use: boolean;
}

/** The pay dialog's values, shaped like the API's body (DOMAIN 7 supplier payment). */
export interface PayInvoicesValues {
  supplierUuid: string;
  bankUuid: string;
  date: string;
  paymentMethod: SupplierPaymentMethod;
  memo: string;
  invoices: PaymentRow[];
  creditNotes: CreditNoteRow[];
}

/** The supplier's usual way of being paid, when it is one a payment can use; else a check. */
export const defaultPaymentMethod = (method: PaymentMethod | undefined): SupplierPaymentMethod =>
  supplierPaymentMethods.find((candidate) => candidate === method) ?? 'check';

/** The banks a payment may come from (not archived), by name. */
export const payingBanks = (banks: readonly BankView[]): BankView[] =>
  banks.filter((bank) => !bank.archived).sort((a, b) => compareText(a.name, b.name));

/** The building's default bank when it is one of these, else the first; '' when there is none. */
export function defaultBankUuid(banks: readonly BankView[], defaultBankAccountAID: string | null): string {
  const usable = payingBanks(banks);
  return (usable.find((bank) => String(bank.aid) === defaultBankAccountAID) ?? usable[0])?.uuid ?? '';
}

/**
 * The dialog's start: the chosen invoices that still have something to pay, in the order chosen,
 * each for all it has left; the supplier's unused credit notes, none used yet. `missing` counts the
 * chosen invoices with nothing left to pay (paid or held by a pending payment meanwhile).
 */
export function newPayInvoicesValues(input: {
  payables: SupplierPayables;
  invoiceUuids: readonly string[];
  bankUuid: string;
  date: string;
  paymentMethod: SupplierPaymentMethod;
  language: Language;
}): { values: PayInvoicesValues; missing: number } {
  const { payables, language } = input;
  const unpaid = new Map(
    payables.unpaidInvoices
      .filter((invoice) => !invoice.creditNote && invoice.unpaid > 0)
      .map((invoice) => [invoice.uuid, invoice]),
  );
  const chosen = [...new Set(input.invoiceUuids)];
  const invoices = chosen.flatMap((uuid) => {
    const invoice = unpaid.get(uuid);
    return invoice
      ? [
          {
            invoiceUuid: invoice.uuid,
            number: invoice.number,
            open: invoice.unpaid,
            amount: formatCents(invoice.unpaid, language),
          },
        ]
      : [];
  });
  const creditNotes = payables.unusedCreditNotes
    .filter((note) => note.unpaid > 0)
    .map((note) => ({
      invoiceUuid: note.uuid,
      number: note.number,
      open: note.unpaid,
      amount: '',
      use: false,
    }));
  return {
    values: {
      supplierUuid: payables.supplierUuid,
      bankUuid: input.bankUuid,
      date: input.date,
      paymentMethod: input.paymentMethod,
      memo: '',
      invoices,
      creditNotes,
    },
    missing: chosen.length - invoices.length,
  };
}

export interface PaymentTotals {
  invoices: Cents;
  creditNotes: Cents;
  /** What leaves the bank: invoices − credit notes. */
  fromBank: Cents;
}

/** The totals as typed so far; an amount that cannot be read counts for nothing. */
export function paymentTotals(values: PayInvoicesValues): PaymentTotals {
  const invoices = values.invoices.reduce((sum, row) => sum + centsOf(row.amount), 0);
  const creditNotes = values.creditNotes.reduce((sum, row) => sum + (row.use ? centsOf(row.amount) : 0), 0);
  return {
    invoices: cents(invoices),
    creditNotes: cents(creditNotes),
    fromBank: cents(invoices - creditNotes),
  };
}

/**
 * What a credit note offers when it is ticked: all it has unused, but no more than what the
 * invoices leave once the other credit notes are taken off (a payment never takes money in).
 */
export function creditNoteOffer(values: PayInvoicesValues, index: number): Cents {
  const row = values.creditNotes[index];
  if (!row) return cents(0);
  const others = values.creditNotes.reduce(
    (sum, note, i) => sum + (i !== index && note.use ? centsOf(note.amount) : 0),
    0,
  );
  const room = paymentTotals(values).invoices - others;
  return cents(Math.max(0, Math.min(row.open, room)));
}

/** Ticks or unticks a credit note, offering its amount when ticked. */
export function withCreditNoteUsed(
  values: PayInvoicesValues,
  index: number,
  use: boolean,
  language: Language,
): PayInvoicesValues {
  const offer = creditNoteOffer(values, index);
  return {
    ...values,
    creditNotes: values.creditNotes.map((row, i) =>
      i === index ? { ...row, use, amount: use && offer > 0 ? formatCents(offer, language) : '' } : row,
    ),
  };
}

/**
 * The body of POST …/supplier-payments, checked with the shared schema, or what to correct. Issues
 * about credit notes are named by the dialog's row (only ticked ones are sent).
 */
export function preparePayment(values: PayInvoicesValues): Prepared<SupplierPaymentInput> {
  const issues: FieldIssue[] = [];
  chosenAt(values.bankUuid, ['bankUuid'], issues);
  const invoices = values.invoices.map((row, i) => {
    const path = ['invoices', i, 'amount'];
    const amount = amountAt(row.amount, path, issues);
    if (amount !== undefined && amount > row.open)
      issues.push({ path, key: 'payables.errors.amountExceedsUnpaid' });
    return { invoiceUuid: row.invoiceUuid, amount };
  });
  const used = values.creditNotes.flatMap((row, formIndex) => (row.use ? [{ row, formIndex }] : []));
  const creditNotes = used.map(({ row }, i) => {
    const path = ['creditNotes', i, 'amount'];
    const amount = amountAt(row.amount, path, issues);
    if (amount !== undefined && amount > row.open)
      issues.push({ path, key: 'paymentPages.pay.creditExceedsUnused' });
    return { invoiceUuid: row.invoiceUuid, amount };
  });
  const totals = paymentTotals(values);
  if (totals.creditNotes > totals.invoices)
    issues.push({ path: ['creditNotes'], key: 'paymentPages.pay.creditsExceedInvoices' });
  const prepared = prepareWith(supplierPaymentSchema, { ...values, invoices, creditNotes }, issues);
  const rowOf = (issue: FieldIssue): FieldIssue => {
    const [head, bodyIndex, ...rest] = issue.path;
    if (head !== 'creditNotes' || typeof bodyIndex !== 'number') return issue;
    return { ...issue, path: [head, used[bodyIndex]?.formIndex ?? bodyIndex, ...rest] };
  };
  return { input: prepared.input, issues: prepared.issues.map(rowOf) };
}
