import type { TransactionMeaning } from '../ledger/descriptions';
import { cents, sumCents, type Cents } from '../money';
import type { AgingBucket } from '../schemas/receivables';

/** One non-cancelled line of a unit's account: positive = charged to the unit, negative = paid or credited. */
export interface UnitPosting {
  uuid: string;
  date: string;
  kind: string;
  /** As written (in the building's language, or as a user typed it). */
  description: string;
  /** What a generated description means, for each reader to read in their language (DESIGN 3). */
  meaning?: TransactionMeaning;
  amount: Cents;
  /** The day a charge was billed, when later than its date (a retroactive budget's fees). */
  billedOn?: string;
  /** The part of `amount` that is unpaid penalties carried over (a year's opening balance). */
  penalties?: Cents;
}

/** The day a posting starts to count as owed: a charge billed after its date counts from its bill. */
export const countsFrom = (p: UnitPosting): string =>
  p.amount > 0 && p.billedOn !== undefined && p.billedOn > p.date ? p.billedOn : p.date;

export interface UnpaidCharge {
  uuid: string;
  /** The day it is owed from (`countsFrom`): what its age and the arrears are counted from. */
  date: string;
  kind: string;
  /** What is left unpaid of the charge, in cents. */
  unpaid: Cents;
}

const byDate = (a: UnitPosting, b: UnitPosting): number => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

/**
 * What is left unpaid of each charge up to `asOf` (inclusive), oldest first. Payments and credits
 * settle the oldest charges first (first in, first out), whenever they came; a credit left over
 * once every charge is settled is returned as `credit` (a positive number of cents).
 */
export function unpaidCharges(
  postings: readonly UnitPosting[],
  asOf: string,
): { charges: UnpaidCharge[]; credit: Cents } {
  const upTo = postings.filter((p) => p.date <= asOf).sort(byDate);
  let credit: number = upTo.filter((p) => p.amount < 0).reduce((sum, p) => sum - p.amount, 0);
  const charges: UnpaidCharge[] = [];
  for (const p of upTo) {
    if (p.amount <= 0) continue;
    const settled = Math.min(credit, p.amount);
    credit -= settled;
    if (p.amount > settled)
      charges.push({ uuid: p.uuid, date: countsFrom(p), kind: p.kind, unpaid: cents(p.amount - settled) });
  }
  return { charges, credit: cents(credit) };
}

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** DOMAIN 10: the bucket of an unpaid charge by its age in days: under 30, 30-59, 60-89, 90 and more. */
export function agingBucketOf(ageInDays: number): AgingBucket {
  if (ageInDays >= 90) return 'days90';
  if (ageInDays >= 60) return 'days60';
  if (ageInDays >= 30) return 'days30';
  return 'current';
}

export interface Aging {
  balance: Cents;
  buckets: Record<AgingBucket, Cents>;
  /** The date of the oldest charge still unpaid, or null when nothing is owed. */
  oldestUnpaidDate: string | null;
}

/**
 * A unit's receivable at a date, aged (DOMAIN 10): the buckets add up to the balance exactly; a
 * unit in credit shows its (negative) balance as current.
 */
export function ageReceivable(postings: readonly UnitPosting[], asOf: string): Aging {
  const { charges, credit } = unpaidCharges(postings, asOf);
  const buckets: Record<AgingBucket, number> = { current: 0, days30: 0, days60: 0, days90: 0 };
  for (const charge of charges) buckets[agingBucketOf(daysBetween(charge.date, asOf))] += charge.unpaid;
  buckets.current -= credit;
  const balance = cents(sumCents(charges.map((c) => c.unpaid)) - credit);
  return {
    balance,
    buckets: {
      current: cents(buckets.current),
      days30: cents(buckets.days30),
      days60: cents(buckets.days60),
      days90: cents(buckets.days90),
    },
    oldestUnpaidDate: charges[0]?.date ?? null,
  };
}

/** Whole months from the oldest unpaid charge to `asOf` (0 when nothing is owed): DOMAIN 5 arrears. */
export function arrearsMonths(oldestUnpaidDate: string | null, asOf: string): number {
  if (!oldestUnpaidDate || oldestUnpaidDate > asOf) return 0;
  const [y1 = 0, m1 = 0, d1 = 0] = oldestUnpaidDate.split('-').map(Number);
  const [y2 = 0, m2 = 0, d2 = 0] = asOf.split('-').map(Number);
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}
