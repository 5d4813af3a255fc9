import type { FieldIssue } from '../errors';
import { daysInMonth } from '../payables/recurring-schedule';
import { padNoticeDays } from '../schemas/otonom';
import { addDays, monthOf } from '../time';
import { debitDay } from './debit-rules';
import type { AgreementFlag } from './return-codes';

/**
 * Payments Canada Rule H1 (pre-authorized debits), the part Copro decides for a unit's PAD
 * agreement (DOMAIN 8, SPEC 3 unit `automaticPayment`, `paymentDay`).
 *
 * The rule, written out:
 * - Automatic payment may be switched on only when ALL hold: the unit has bank details; a signed
 *   agreement is on file; that agreement is not flagged (a return said it was revoked or the account
 *   closed: a new signed one clears the flag); it was signed by the current owners (uploaded on or
 *   after the day the latest of them became an owner: a sale needs a new agreement); the unit has
 *   a payment day; the building sends
 *   emails and at least one of the unit's owners has an email address, where the written notice
 *   goes. Each one missing is named by its i18n key, in that order.
 * - The written notice goes the day automatic payment is switched on (the building's today); the
 *   first debit is at least `padNoticeDays` (10) calendar days later: the first date on or after
 *   notice + 10 days that falls on the unit's payment day, where a payment day past the month's
 *   end is the month's last day (31 → 30 April, 28 or 29 February).
 * - So the first debit is never before notice + 10 days and never later than notice + 10 + 31
 *   days (the next month's payment day is at most 31 days after any date of the month before).
 */

/** The month (`YYYY-MM`) after the month of `date`. */
function followingMonth(date: string): string {
  const first = monthOf(date);
  return addDays(first, daysInMonth(first)).slice(0, 7);
}

/** The first date on or after `from` that is the payment day of its month (`debitDay`: clamped). */
export function nextPaymentDate(from: string, paymentDay: number): string {
  const thisMonth = debitDay(from.slice(0, 7), paymentDay);
  return thisMonth >= from ? thisMonth : debitDay(followingMonth(from), paymentDay);
}

/** The first debit a notice sent on `noticeDate` allows (Rule H1: at least 10 days later). */
export const firstDebitDate = (noticeDate: string, paymentDay: number): string =>
  nextPaymentDate(addDays(noticeDate, padNoticeDays), paymentDay);

/** What the gate reads of a unit and its agreement. */
export interface AutomaticPaymentFacts {
  hasBankDetails: boolean;
  /** A signed copy of the agreement is on file. */
  signed: boolean;
  flag: AgreementFlag | null;
  paymentDay: number | null;
  /** How many addresses of the unit's current owners the notice can go to. */
  ownerEmails: number;
  /** The building sends emails (`sendNoEmails` off): the notice goes by email. */
  sendsEmails: boolean;
  /** The building's day the signed copy was uploaded. */
  signedOn: string | null;
  /** The day the latest of the current owners became one (a sale's date). */
  ownersSince: string | null;
}

const flagKeys: Record<AgreementFlag, string> = {
  revoked: 'otonom.validation.agreementRevoked',
  accountClosed: 'otonom.validation.agreementAccountClosed',
};

/** What stands in the way of automatic payment, in the rule's order (none: it may be switched on). */
export function automaticPaymentMissing(facts: AutomaticPaymentFacts): Omit<FieldIssue, 'path'>[] {
  const missing: Omit<FieldIssue, 'path'>[] = [];
  if (!facts.hasBankDetails) missing.push({ key: 'otonom.validation.missingBankDetails' });
  if (!facts.signed) missing.push({ key: 'otonom.validation.missingAgreement' });
  else if (facts.flag) missing.push({ key: flagKeys[facts.flag] });
  else if (facts.signedOn !== null && facts.ownersSince !== null && facts.signedOn < facts.ownersSince)
    missing.push({ key: 'otonom.validation.agreementOfFormerOwners' });
  if (facts.paymentDay === null) missing.push({ key: 'otonom.validation.noPaymentDay' });
  if (!facts.sendsEmails) missing.push({ key: 'padAgreement.validation.noEmails' });
  else if (facts.ownerEmails === 0) missing.push({ key: 'otonom.validation.noOwnerEmail' });
  return missing;
}

/** A day of the month as a sentence says it: French says "le 1er" (the first), then "le 2". */
export const dayOfMonthText = (day: number, language: 'en' | 'fr'): string =>
  language === 'fr' && day === 1 ? '1er' : String(day);
