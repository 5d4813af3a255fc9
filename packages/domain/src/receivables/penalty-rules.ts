import { z } from 'zod';
import { recordUuidSchema } from '../schemas/registry';
import { addDays } from '../time';
import type { UnitPosting } from './aging';

/**
 * DOMAIN 5: the automatic late fee and interest of a unit account.
 *
 * For each billing month M (a 1st on which the account was billed a `unitMonthlyFee`) and each
 * automatic penalty set up (the late fee, the interest), with its own grace period:
 * - cut-off = M + gracePeriod days; a payment dated on the cut-off day is on time;
 * - a charge is due only when ALL THREE hold:
 *   (a) unpaid in full: the principal at the end of the cut-off day is > 0. The principal is the
 *       balance of every posting but the penalty kinds (`penaltyPostingKinds`: late fees,
 *       interest, custom penalties, reversal fees), so no penalty is ever charged because of an
 *       unpaid penalty;
 *   (b) what the unit owes, its whole balance at the end of the cut-off day, is strictly above the
 *       building's `minimumUnitBalanceBeforeChargingPenalties`;
 *   (c) late: `today` is after the cut-off day;
 * - at most one late fee and one interest charge per account and billing month: the ones in
 *   `alreadyCharged` are never due again;
 * - the late fee is the fee's amount; interest = round(principal × annual rate ÷ 12) to the cent,
 *   on the principal only (no compounding), and none when it rounds to 0;
 * - the charge is dated the day after the cut-off (never after `today`).
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
  lateFee: { amount: number; gracePeriod: number } | null;
  /** `rate` is annual, 0 to 1. */
  interest: { rate: number; gracePeriod: number } | null;
  /** Cents; penalties are charged only when the balance is strictly above it. */
  minimumBalance: number;
}

export interface PenaltyChargeDue {
  kind: AutomaticPenaltyKind;
  /** The billing month's 1st. */
  month: string;
  /** The day the charge is posted: the day after the cut-off. */
  date: string;
  amount: number;
  /** The principal at the end of the cut-off day (what interest is computed on). */
  principal: number;
  /** The whole balance at the end of the cut-off day. */
  balance: number;
}

export interface PenaltyRuleInput {
  postings: readonly UnitPosting[];
  /** The 1sts the account was billed a monthly fee (see `billingMonthsOf`). */
  billingMonths: readonly string[];
  settings: PenaltySettings;
  today: string;
  /** Charges already made, as `chargeKey(kind, month)`. */
  alreadyCharged: ReadonlySet<string>;
}

const penaltyKinds: ReadonlySet<string> = new Set(penaltyPostingKinds);

export const chargeKey = (kind: AutomaticPenaltyKind, month: string): string => `${kind}:${month}`;

/** The last day a payment for a billing month is on time. */
export const cutOffDate = (month: string, gracePeriod: number): string => addDays(month, gracePeriod);

/** The whole balance at the end of `asOf`. */
export function balanceAt(postings: readonly UnitPosting[], asOf: string): number {
  return postings.reduce((sum, p) => (p.date <= asOf ? sum + p.amount : sum), 0);
}

/** The balance at the end of `asOf` of everything but penalties (payments included). */
export function principalAt(postings: readonly UnitPosting[], asOf: string): number {
  return postings.reduce((sum, p) => (p.date <= asOf && !penaltyKinds.has(p.kind) ? sum + p.amount : sum), 0);
}

/** The months an account was billed its monthly fee: the 1st of each `unitMonthlyFee`'s month, once. */
export function billingMonthsOf(postings: readonly UnitPosting[]): string[] {
  const months = postings.filter((p) => p.kind === 'unitMonthlyFee').map((p) => `${p.date.slice(0, 7)}-01`);
  return [...new Set(months)].sort();
}

/** Interest of one month on a principal: annual rate ÷ 12, rounded to the cent. */
export const monthlyInterest = (principal: number, rate: number): number =>
  Math.round((principal * rate) / 12);

/** The late fees and interest due on one unit account (the rules are in this file's header). */
export function penaltyChargesDue(input: PenaltyRuleInput): PenaltyChargeDue[] {
  const { postings, settings, today, alreadyCharged } = input;
  const due: PenaltyChargeDue[] = [];
  const rules: { kind: AutomaticPenaltyKind; gracePeriod: number; amount: (principal: number) => number }[] =
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
  for (const month of [...new Set(input.billingMonths)].sort()) {
    for (const rule of rules) {
      if (alreadyCharged.has(chargeKey(rule.kind, month))) continue;
      const cutOff = cutOffDate(month, rule.gracePeriod);
      if (today <= cutOff) continue;
      const principal = principalAt(postings, cutOff);
      if (principal <= 0) continue;
      const balance = balanceAt(postings, cutOff);
      if (balance <= settings.minimumBalance) continue;
      const amount = rule.amount(principal);
      if (amount <= 0) continue;
      const dayAfter = addDays(cutOff, 1);
      due.push({
        kind: rule.kind,
        month,
        date: dayAfter < today ? dayAfter : today,
        amount,
        principal,
        balance,
      });
    }
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

/** One reminder email sent to a unit's owners (recorded on the unit, one per month). */
export interface UnitReminderView {
  unitUuid: string;
  /** The month's 1st. */
  month: string;
  level: number;
  /** What the unit owed when it was sent, in cents. */
  amount: number;
  emails: string[];
  sentAt: string;
  /** Sent by the daily run rather than by a person. */
  automatic: boolean;
  /** Who sent it, when a person did. */
  sentByName: string | null;
}

/** A unit that owes money since at least a month, or that is flagged (GET …/arrears). */
export interface ArrearsRow {
  unitUuid: string;
  unitNumber: string;
  balance: number;
  /** Whole months since the oldest unpaid charge. */
  months: number;
  /** The date of the oldest unpaid charge. */
  since: string | null;
  level: number;
  /** More months in arrears than the building's alert threshold. */
  flagged: boolean;
  lastReminder: UnitReminderView | null;
}

/** POST …/arrears/reminders: the chosen units, or every unit that owes money when none are named. */
export const arrearsRemindersSchema = z.object({ unitUuids: z.array(recordUuidSchema).max(1000).optional() });
export type ArrearsRemindersInput = z.infer<typeof arrearsRemindersSchema>;
