import { z } from 'zod';
import { translate } from '../i18n/index';
import { localeOf, type Language } from '../locale';
import { formatPercent } from '../money';
import { formatMoney } from '../money';
import { paymentMethods } from '../schemas/building';
import { transactionKinds } from './transaction';

/**
 * DESIGN 3: text the system writes on a transaction (a fee's description, a penalty line, the
 * reason of a cancellation it made) is stored as what it means, a kind and its parameters, and
 * rendered in each reader's language: on pages, in PDFs and spreadsheets, in mails. Only the
 * parameters that no language changes are kept as written (a unit's number, a check's number, a
 * penalty's own name, which an admin typed, a supplier's name, an invoice's number, a recurring
 * bill's description); months, rates and amounts are formatted for the reader.
 * A description a user typed has no meaning and reads as typed.
 */

const unit = z.string();
const supplier = z.string();

export const transactionMeaningSchema = z.discriminatedUnion('kind', [
  /** A member's monthly fee: `month` is "2026-03"; `member` a unit's number, or "P1 (101)" for a parking. */
  z.object({ kind: z.literal('monthlyFee'), month: z.string(), member: z.string() }),
  /** The retroactive difference of a later budget, for the months it covers ("2026-02"). */
  z.object({ kind: z.literal('budgetCorrection'), months: z.array(z.string()), member: z.string() }),
  /** The automatic late fee of a billing month (its first day). */
  z.object({ kind: z.literal('lateFee'), month: z.string(), unit }),
  /** The automatic interest of a billing month, at an annual `rate` on `principal` cents overdue. */
  z.object({
    kind: z.literal('interest'),
    month: z.string(),
    unit,
    rate: z.number(),
    principal: z.number().int(),
    currency: z.string(),
  }),
  /** A year's opening balances, carried from the year that starts on `from`. */
  z.object({ kind: z.literal('openingBalances'), from: z.string() }),
  z.object({ kind: z.literal('payment'), method: z.enum(paymentMethods), unit }),
  z.object({ kind: z.literal('wireTransfer'), unit, reference: z.string().optional() }),
  z.object({ kind: z.literal('returnedCheck'), number: z.string(), unit }),
  z.object({ kind: z.literal('returnedElectronicPayment'), unit }),
  /** A pre-authorized debit of a unit (DOMAIN 8): the month it pays ("2026-03"), when a monthly one. */
  z.object({
    kind: z.literal('preAuthorizedDebit'),
    unit,
    month: z.string().nullable(),
    reference: z.string(),
  }),
  /** The building's fee charged for a returned pre-authorized debit. */
  z.object({ kind: z.literal('returnedDebitFee'), unit, reference: z.string() }),
  /** A pre-authorized debit the bank returned (its reason code) or the building refunded (no code). */
  z.object({
    kind: z.literal('returnedDebit'),
    unit,
    reference: z.string(),
    returnCode: z.string().nullable(),
  }),
  /** A penalty or fee charged by hand: its own name, else its kind's; a returned check's fee names the check. */
  z.object({
    kind: z.literal('penalty'),
    transactionKind: z.enum(transactionKinds),
    name: z.string().nullable(),
    checkNumber: z.string().optional(),
  }),
  /** A sale's balance carried from the former owners' account `aid`. */
  z.object({ kind: z.literal('balanceTransfer'), aid: z.number().int(), unit }),
  /** A supplier's invoice or credit note: its number and the supplier's name, as typed. */
  z.object({ kind: z.literal('supplierInvoice'), number: z.string(), supplier }),
  z.object({ kind: z.literal('supplierCreditNote'), number: z.string(), supplier }),
  /** A unit's part of a supplier's invoice, billed back to it. */
  z.object({ kind: z.literal('supplierBillback'), number: z.string(), supplier }),
  /** A payment to a supplier of its invoices, by their numbers (at least one). */
  z.object({ kind: z.literal('supplierPayment'), supplier, invoices: z.array(z.string()) }),
  /**
   * A recurring bill's monthly bill and monthly payment: `month` (its first day) is the month of the
   * schedule the posting belongs to; `bill` is the bill's description, typed by a user.
   */
  z.object({ kind: z.literal('recurringBill'), bill: z.string(), month: z.string() }),
  z.object({ kind: z.literal('recurringBillPayment'), bill: z.string(), month: z.string() }),
]);
export type TransactionMeaning = z.infer<typeof transactionMeaningSchema>;

/** Why the system itself cancelled a transaction. */
export const cancellationMeaningSchema = z.discriminatedUnion('kind', [
  /** DOMAIN 6: moved to the new owner's account by a sale. */
  z.object({ kind: z.literal('unitSold') }),
  /** The fees of a budget that was unapplied. */
  z.object({ kind: z.literal('budgetUnapplied') }),
]);
export type CancellationMeaning = z.infer<typeof cancellationMeaningSchema>;

const monthFormats = new Map<Language, Intl.DateTimeFormat>();

/** "March 2026" or "mars 2026": a billing month given by its first day. */
/** A month (YYYY-MM or any date in it) as its reader says it: "March 2026", "mars 2026". */
export function formatMonth(month: string, language: Language): string {
  // One formatter per language: making one costs more than the rest of a description (a run writes thousands).
  let format = monthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(language), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(language, format);
  }
  return format.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** What a unit is charged, followed by who is charged: "Late fee — March 2026 — 101". */
const charged = (text: string, who: string): string => `${text} — ${who}`;

/** A transaction's generated description in `language`. */
export function describeTransaction(meaning: TransactionMeaning, language: Language): string {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  switch (meaning.kind) {
    case 'monthlyFee':
      return charged(t('ledgerTexts.monthlyFee', { month: meaning.month }), meaning.member);
    case 'budgetCorrection':
      return charged(
        t('ledgerTexts.budgetCorrection', { months: meaning.months.join(', ') }),
        meaning.member,
      );
    case 'lateFee':
      return charged(
        t('penalties.descriptions.lateFee', { month: formatMonth(meaning.month, language) }),
        meaning.unit,
      );
    case 'interest':
      return charged(
        t('penalties.descriptions.interest', {
          month: formatMonth(meaning.month, language),
          rate: formatPercent(meaning.rate, language),
          principal: formatMoney(meaning.principal, meaning.currency, language),
        }),
        meaning.unit,
      );
    case 'openingBalances':
      return t('ledgerTexts.openingBalances', { from: meaning.from });
    case 'payment':
      return t('receivables.descriptions.payment', {
        method: t(`admin.paymentMethods.${meaning.method}`),
        unit: meaning.unit,
      });
    case 'wireTransfer':
      return meaning.reference
        ? t('receivables.descriptions.wireTransferReference', {
            unit: meaning.unit,
            reference: meaning.reference,
          })
        : t('receivables.descriptions.wireTransfer', { unit: meaning.unit });
    case 'returnedCheck':
      return t('receivables.descriptions.returnedCheck', { number: meaning.number, unit: meaning.unit });
    case 'returnedElectronicPayment':
      return t('receivables.descriptions.returnedElectronicPayment', { unit: meaning.unit });
    case 'preAuthorizedDebit':
      return meaning.month
        ? t('otonom.descriptions.monthlyDebit', {
            month: formatMonth(meaning.month, language),
            unit: meaning.unit,
            reference: meaning.reference,
          })
        : t('otonom.descriptions.debit', { unit: meaning.unit, reference: meaning.reference });
    case 'returnedDebitFee':
      return t('otonom.descriptions.returnedDebitFee', { unit: meaning.unit, reference: meaning.reference });
    case 'returnedDebit':
      return meaning.returnCode
        ? t('otonom.descriptions.returnedDebit', {
            unit: meaning.unit,
            reference: meaning.reference,
            reason: t(`otonom.returnCodes.${meaning.returnCode}`),
          })
        : t('otonom.descriptions.refundedDebit', { unit: meaning.unit, reference: meaning.reference });
    case 'penalty': {
      const name = meaning.name ?? t(`transactions.kinds.${meaning.transactionKind}`);
      return meaning.checkNumber === undefined
        ? name
        : `${name} (${t('receivables.descriptions.checkNumber', { number: meaning.checkNumber })})`;
    }
    case 'balanceTransfer':
      return t('sales.balanceTransfer', { aid: meaning.aid, unit: meaning.unit });
    case 'supplierInvoice':
    case 'supplierCreditNote':
    case 'supplierBillback':
      return t(`ledgerTexts.${meaning.kind}`, { number: meaning.number, supplier: meaning.supplier });
    case 'supplierPayment':
      return t(
        meaning.invoices.length === 1
          ? 'ledgerTexts.supplierPaymentOfInvoice'
          : 'ledgerTexts.supplierPaymentOfInvoices',
        { supplier: meaning.supplier, invoices: meaning.invoices.join(', ') },
      );
    case 'recurringBill':
    case 'recurringBillPayment':
      return t(`ledgerTexts.${meaning.kind}`, {
        bill: meaning.bill,
        month: formatMonth(meaning.month, language),
      });
  }
}

/** A system cancellation's reason in `language`. */
export function cancellationReason(meaning: CancellationMeaning, language: Language): string {
  switch (meaning.kind) {
    case 'unitSold':
      return translate(language, 'sales.cancelReason');
    case 'budgetUnapplied':
      return translate(language, 'ledgerTexts.budgetUnapplied');
  }
}

/**
 * The description a reader sees: its meaning in the reader's language when one was stored, else
 * the text as written (typed by a user, or written before meanings were stored). The stored
 * meaning is read as unknown: one this code does not know also falls back to the text.
 */
export function readDescription(
  stored: { description: string; meaning?: unknown },
  language: Language,
): string {
  const meaning = transactionMeaningSchema.safeParse(stored.meaning);
  return meaning.success ? describeTransaction(meaning.data, language) : stored.description;
}

/** A cancellation's reason as a reader sees it: the system's in their language, a user's as typed. */
export function readCancellationReason(
  stored: { reason: string; meaning?: unknown },
  language: Language,
): string {
  const meaning = cancellationMeaningSchema.safeParse(stored.meaning);
  return meaning.success ? cancellationReason(meaning.data, language) : stored.reason;
}
