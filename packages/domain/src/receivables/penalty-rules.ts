import { z } from 'zod';
import { cents, type Cents } from '../money';
import { recordUuidSchema } from '../schemas/registry';
import { addDays, monthOf } from '../time';
import { dayInMonth } from '../payables/recurring-schedule';
import { countsFrom, type UnitPosting } from './aging';

/**
 * DOMAIN 5: the automatic late fee and interest of a unit account.
 *
 * When a posting counts: from its date, except a charge billed after its date (a retroactive
 * budget's fees or corrections), which counts from the day it was billed (`countsFrom`): nothing
 * is overdue before the owner had the bill.
 *
 * Billing months: each `unitMonthlyFee` bills the month of the day it counts from; the month's
 * bill date is the earliest such day (the 1st for a fee billed on time). A unit that pays by
 * pre-authorized debit (DOMAIN 8) owes its bill on its debit day: its month's bill date is the later
 * of the two, the payment day clamped to the month (`billedOnDebitDay`), so a debit taken on the
 * 15th is on time, and one the bank returns is late only `gracePeriod` days after the debit day.
 *
 * For each billing month M and each automatic penalty set up (the late fee, the interest), with
 * its own grace period:
 * - cut-off = M's bill date + gracePeriod days; a payment dated on the cut-off day is on time;
 * - a charge is due only when ALL THREE hold:
 *   (a) unpaid in full: the principal at the end of the cut-off day is > 0. The principal is the
 *       balance of every posting but penalties (`penaltyPostingKinds`: late fees, interest,
 *       custom penalties, reversal fees, and the penalties carried in an opening balance), so no
 *       penalty is ever charged because of an unpaid penalty;
 *   (b) what the unit owes, its whole balance at the end of the cut-off day, is strictly above the
 *       building's `minimumUnitBalanceBeforeChargingPenalties`;
 *   (c) late: `today` is after the cut-off day;
 * - at most one late fee and one interest charge per account and billing month: the ones in
 *   `alreadyCharged` are never due again;
 * - the late fee is the fee's amount; interest = round half up(principal × annual rate ÷ 12) to
 *   the cent, on the principal only (no compounding), and none when it rounds to 0;
 * - the charge is dated the day after the cut-off.
 *
 * One run equals many: the (month, penalty) pairs are decided in cut-off order and each charge
 * decided counts (as a penalty, dated the day after its cut-off) toward the later cut-offs'
 * balances, exactly as if an earlier daily run had posted it. So a run a month late charges what
 * daily runs would have, and a second run the same day charges nothing.
 */

/** Transaction kinds that are penalties: left out of the principal that penalties are charged on. */
export const penaltyPostingKinds = [
  'unitLateFee',
  'unitInterestFee',
  'unitCustomPenalty',
  'unitDepositReversalFee',
  'unitElectronicDepositReversalFee',
] as const;

export const automaticPenaltyKinds = ['unitLateFee', 'unitInterestFee'] as const;
export type AutomaticPenaltyKind = (typeof automaticPenaltyKinds)[number];

export interface PenaltySettings {
  lateFee: { amount: Cents; gracePeriod: number } | null;
  /** `rate` is annual, 0 to 1. */
  interest: { rate: number; gracePeriod: number } | null;
  /** Cents; penalties are charged only when the balance is strictly above it. */
  minimumBalance: Cents;
}

export interface PenaltyChargeDue {
  kind: AutomaticPenaltyKind;
  /** The billing month's 1st. */
  month: string;
  /** The day the charge is posted: the day after the cut-off. */
  date: string;
  amount: Cents;
  /** The principal at the end of the cut-off day (what interest is computed on). */
  principal: Cents;
  /** The whole balance at the end of the cut-off day. */
  balance: Cents;
}

/** A month the account was billed its monthly fee, and the day that bill counts from. */
export interface BillingMonth {
  month: string;
  billed: string;
}

export interface PenaltyRuleInput {
  postings: readonly UnitPosting[];
  /** The months the account was billed a monthly fee (see `billingMonthsOf`). */
  billingMonths: readonly BillingMonth[];
  settings: PenaltySettings;
  today: string;
  /** Charges already made, as `chargeKey(kind, month)`. */
  alreadyCharged: ReadonlySet<string>;
}

const penaltyKinds: ReadonlySet<string> = new Set(penaltyPostingKinds);

export const chargeKey = (kind: AutomaticPenaltyKind, month: string): string => `${kind}:${month}`;

/** The last day a payment for a bill is on time. */
export const cutOffDate = (billed: string, gracePeriod: number): string => addDays(billed, gracePeriod);

/** The whole balance at the end of `asOf`. */
export function balanceAt(postings: readonly UnitPosting[], asOf: string): Cents {
  return cents(postings.reduce((sum, p) => (countsFrom(p) <= asOf ? sum + p.amount : sum), 0));
}

/** What a posting adds to the principal: nothing for a penalty, its amount less carried penalties otherwise. */
const principalPart = (p: UnitPosting): number =>
  penaltyKinds.has(p.kind) ? 0 : p.amount - (p.penalties ?? 0);

/** The balance at the end of `asOf` of everything but penalties (payments included). */
export function principalAt(postings: readonly UnitPosting[], asOf: string): Cents {
  return cents(postings.reduce((sum, p) => (countsFrom(p) <= asOf ? sum + principalPart(p) : sum), 0));
}

/** The months an account was billed its monthly fee, each with the earliest day its bill counts from. */
export function billingMonthsOf(postings: readonly UnitPosting[]): BillingMonth[] {
  const billed = new Map<string, string>();
  for (const p of postings) {
    if (p.kind !== 'unitMonthlyFee' || p.amount <= 0) continue;
    const day = countsFrom(p);
    const month = monthOf(day);
    const known = billed.get(month);
    if (!known || day < known) billed.set(month, day);
  }
  return [...billed.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, day]) => ({ month, billed: day }));
}

/** The billing months of a unit paying by pre-authorized debit on `paymentDay` (see the header). */
export const billedOnDebitDay = (months: readonly BillingMonth[], paymentDay: number): BillingMonth[] =>
  months.map(({ month, billed }) => {
    const debitDay = dayInMonth(month, paymentDay);
    return { month, billed: debitDay > billed ? debitDay : billed };
  });

/** Interest of one month on a principal: annual rate ÷ 12, rounded half up to the cent. */
export const monthlyInterest = (principal: Cents, rate: number): Cents =>
  cents(Math.round((principal * rate) / 12));

/** The late fees and interest due on one unit account (the rules are in this file's header). */
export function penaltyChargesDue(input: PenaltyRuleInput): PenaltyChargeDue[] {
  const { settings, today, alreadyCharged } = input;
  const rules: { kind: AutomaticPenaltyKind; gracePeriod: number; amount: (principal: Cents) => Cents }[] =
    [];
  if (settings.lateFee) {
    const fee = settings.lateFee.amount;
    rules.push({ kind: 'unitLateFee', gracePeriod: settings.lateFee.gracePeriod, amount: () => fee });
  }
  if (settings.interest) {
    const rate = settings.interest.rate;
    rules.push({
      kind: 'unitInterestFee',
      gracePeriod: settings.interest.gracePeriod,
      amount: (principal) => monthlyInterest(principal, rate),
    });
  }
  const pairs = input.billingMonths
    .flatMap((billing) =>
      rules.map((rule) => ({
        rule,
        month: billing.month,
        cutOff: cutOffDate(billing.billed, rule.gracePeriod),
      })),
    )
    .filter((pair) => !alreadyCharged.has(chargeKey(pair.rule.kind, pair.month)) && pair.cutOff < today)
    .sort((a, b) => (a.cutOff < b.cutOff ? -1 : a.cutOff > b.cutOff ? 1 : a.month < b.month ? -1 : 1));

  // Each charge decided counts toward the later cut-offs, as a posted one would.
  const postings: UnitPosting[] = [...input.postings];
  const due: PenaltyChargeDue[] = [];
  for (const { rule, month, cutOff } of pairs) {
    const principal = principalAt(postings, cutOff);
    if (principal <= 0) continue;
    const balance = balanceAt(postings, cutOff);
    if (balance <= settings.minimumBalance) continue;
    const amount = rule.amount(principal);
    if (amount <= 0) continue;
    const date = addDays(cutOff, 1);
    due.push({ kind: rule.kind, month, date, amount, principal, balance });
    postings.push({ uuid: chargeKey(rule.kind, month), date, kind: rule.kind, description: '', amount });
  }
  return due;
}

// ---------------------------------------------------------------- arrears and reminders

/** The reminder levels: each has its own email template (DOMAIN 5). */
export const reminderLevels = [1, 2, 3] as const;
export type ReminderLevel = (typeof reminderLevels)[number];

/** The reminder level of a unit `months` whole months in arrears: 0 (none) under one month, at most 3. */
export const reminderLevel = (months: number): 0 | ReminderLevel =>
  months >= 1 ? (Math.min(3, Math.floor(months)) as ReminderLevel) : 0;

/** A unit in arrears is flagged for the managers past the building's number of months. */
export const arrearsFlagged = (months: number, thresholdMonths: number): boolean => months > thresholdMonths;

/** POST …/arrears/reminders: the chosen units, or every unit that owes money when none are named. */
export const arrearsRemindersSchema = z.object({ unitUuids: z.array(recordUuidSchema).max(1000).optional() });
export type ArrearsRemindersInput = z.infer<typeof arrearsRemindersSchema>;
