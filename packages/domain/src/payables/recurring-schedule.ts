import type { FieldIssue } from '../errors';
import { monthOf } from '../time';

/**
 * SPEC 3 "Recurring bill", SPEC 5, DOMAIN 7: which days a recurring bill may use, and when it is
 * posted.
 *
 * Billing days (SPEC 5): a bill is held by a supplier or by the building itself; each holder has
 * a list of billing days, and every billing day and payment day its bills use must be in it.
 *
 * Schedule: every month from the start date's month, a bill posts `recurringBill` on its billing
 * day; a bill a supplier holds also posts `recurringBillPayment` on its payment day (the
 * building's own bills are debited from the bank on the billing day, with no payment). Each
 * posting lies in its own month:
 * - a day past the month's end falls on the month's last day (31 → February 28 or 29, April 30);
 * - none before the start date, none after the end date, none after `asOf`;
 * - once per month and kind: a month up to the last one posted of that kind is never due again.
 *
 * So one late run posts every month it missed, and a second run as of the same day posts nothing:
 * running to d1 and then to d2 posts exactly what one run to d2 posts.
 */

export const recurringPostingKinds = ['recurringBill', 'recurringBillPayment'] as const;
export type RecurringPostingKind = (typeof recurringPostingKinds)[number];

/** What decides a bill's days: who holds it (no supplier: the building) and its days and dates. */
export interface RecurringScheduleInput {
  supplierUuid?: string | null | undefined;
  billingDay: number;
  paymentDay?: number | null | undefined;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate?: string | null | undefined;
}

export interface RecurringPostingDue {
  /** The month's 1st. */
  month: string;
  kind: RecurringPostingKind;
  date: string;
}

/** The days a bill uses, each with the field that names it: a payment day only for a supplier's bill. */
function daysUsed(bill: RecurringScheduleInput): { field: 'billingDay' | 'paymentDay'; day: number }[] {
  const used: { field: 'billingDay' | 'paymentDay'; day: number }[] = [
    { field: 'billingDay', day: bill.billingDay },
  ];
  if (bill.supplierUuid && bill.paymentDay != null) used.push({ field: 'paymentDay', day: bill.paymentDay });
  return used;
}

const notListedKeys = {
  billingDay: 'payables.recurring.validation.billingDayNotListed',
  paymentDay: 'payables.recurring.validation.paymentDayNotListed',
} as const;

/**
 * SPEC 5: each day one of a holder's bills uses that is not in the holder's list, as an issue on
 * the bill's field (`[index, 'billingDay' | 'paymentDay']`, the day as a parameter).
 */
export function billingDaysProblems(
  bills: readonly RecurringScheduleInput[],
  days: readonly number[],
): FieldIssue[] {
  const listed = new Set(days);
  return bills.flatMap((bill, index) =>
    daysUsed(bill)
      .filter((u) => !listed.has(u.day))
      .map((u) => ({ path: [index, u.field], key: notListedKeys[u.field], params: { day: u.day } })),
  );
}

/** How many days `month` (its 1st) has. */
export function daysInMonth(month: string): number {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7));
  return new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
}

/** The date of `day` in `month`, on the month's last day when the month is shorter. */
export function dayInMonth(month: string, day: number): string {
  const d = Math.min(day, daysInMonth(month));
  return `${month.slice(0, 8)}${String(d).padStart(2, '0')}`;
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7));
  return monthIndex === 12
    ? `${String(year + 1).padStart(4, '0')}-01-01`
    : `${month.slice(0, 5)}${String(monthIndex + 1).padStart(2, '0')}-01`;
}

/**
 * The postings of a bill due by `asOf` that were not posted yet, in date order (on one day the bill
 * before its payment). `lastPosted` holds, per kind, the last month already posted.
 */
export function recurringDue(
  bill: RecurringScheduleInput,
  lastPosted: Partial<Record<RecurringPostingKind, string>>,
  asOf: string,
): RecurringPostingDue[] {
  const last = bill.endDate && bill.endDate < asOf ? bill.endDate : asOf;
  const schedule: { kind: RecurringPostingKind; day: number }[] = [
    { kind: 'recurringBill', day: bill.billingDay },
  ];
  if (bill.supplierUuid && bill.paymentDay != null) {
    schedule.push({ kind: 'recurringBillPayment', day: bill.paymentDay });
  }
  const due: RecurringPostingDue[] = [];
  for (let month = monthOf(bill.startDate); month <= last; month = nextMonth(month)) {
    for (const { kind, day } of schedule) {
      const date = dayInMonth(month, day);
      const posted = lastPosted[kind];
      if (date < bill.startDate || date > last || (posted !== undefined && month <= posted)) continue;
      due.push({ month, kind, date });
    }
  }
  return due.sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? -1 : 1));
}
