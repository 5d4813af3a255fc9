import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, monthOf } from '../time';
import {
  billingDaysProblems,
  dayInMonth,
  daysInMonth,
  recurringDue,
  type RecurringPostingDue,
  type RecurringPostingKind,
  type RecurringScheduleInput,
} from './recurring-schedule';

const supplier = '3f7c9c1e-5d2a-4b8e-9f10-0a1b2c3d4e5f';

describe('billing days (SPEC 5)', () => {
  it('names each unlisted billing or payment day on its bill and field', () => {
    const bills: RecurringScheduleInput[] = [
      { supplierUuid: supplier, billingDay: 1, paymentDay: 15, startDate: '2026-01-01' },
      { supplierUuid: supplier, billingDay: 31, paymentDay: 1, startDate: '2026-01-01' },
    ];
    expect(billingDaysProblems(bills, [1, 15])).toEqual([
      {
        path: [1, 'billingDay'],
        key: 'payables.recurring.validation.billingDayNotListed',
        params: { day: 31 },
      },
    ]);
    expect(billingDaysProblems(bills, [31])).toEqual([
      {
        path: [0, 'billingDay'],
        key: 'payables.recurring.validation.billingDayNotListed',
        params: { day: 1 },
      },
      {
        path: [0, 'paymentDay'],
        key: 'payables.recurring.validation.paymentDayNotListed',
        params: { day: 15 },
      },
      {
        path: [1, 'paymentDay'],
        key: 'payables.recurring.validation.paymentDayNotListed',
        params: { day: 1 },
      },
    ]);
  });

  it("ignores a building bill's payment day: the bank is debited on the billing day", () => {
    expect(billingDaysProblems([{ billingDay: 5, paymentDay: 20, startDate: '2026-01-01' }], [5])).toEqual(
      [],
    );
  });

  const day = fc.integer({ min: 1, max: 31 });
  const bill = fc.record({
    supplierUuid: fc.option(fc.constant(supplier), { nil: undefined }),
    billingDay: day,
    paymentDay: fc.option(day, { nil: undefined }),
    startDate: fc.constant('2026-01-01'),
  });

  it('refuses exactly the days used and not listed', () => {
    fc.assert(
      fc.property(fc.array(bill, { maxLength: 6 }), fc.uniqueArray(day, { maxLength: 31 }), (bills, days) => {
        const used = bills.flatMap((b) => [
          b.billingDay,
          ...(b.supplierUuid && b.paymentDay !== undefined ? [b.paymentDay] : []),
        ]);
        const problems = billingDaysProblems(bills, days);
        expect(problems.length).toBe(used.filter((d) => !days.includes(d)).length);
        for (const p of problems) expect(days).not.toContain(p.params?.day);
        // Listing every day used clears them all.
        expect(billingDaysProblems(bills, [...days, ...used])).toEqual([]);
      }),
    );
  });
});

describe('the days of a month', () => {
  it('clamps a day to the month', () => {
    expect(daysInMonth('2026-02-01')).toBe(28);
    expect(daysInMonth('2028-02-01')).toBe(29);
    expect(daysInMonth('2026-04-01')).toBe(30);
    expect(daysInMonth('2026-12-01')).toBe(31);
    expect(dayInMonth('2026-02-01', 31)).toBe('2026-02-28');
    expect(dayInMonth('2028-02-01', 30)).toBe('2028-02-29');
    expect(dayInMonth('2026-04-01', 31)).toBe('2026-04-30');
    expect(dayInMonth('2026-04-01', 7)).toBe('2026-04-07');
  });
});

const hydro: RecurringScheduleInput = {
  supplierUuid: supplier,
  billingDay: 31,
  paymentDay: 10,
  startDate: '2026-01-15',
};

describe('recurring postings due', () => {
  it('posts each month from the start, the 31st on the last day of shorter months', () => {
    expect(recurringDue(hydro, {}, '2026-04-10')).toEqual([
      { month: '2026-01-01', kind: 'recurringBill', date: '2026-01-31' },
      // The payment of January fell before the start date.
      { month: '2026-02-01', kind: 'recurringBillPayment', date: '2026-02-10' },
      { month: '2026-02-01', kind: 'recurringBill', date: '2026-02-28' },
      { month: '2026-03-01', kind: 'recurringBillPayment', date: '2026-03-10' },
      { month: '2026-03-01', kind: 'recurringBill', date: '2026-03-31' },
      { month: '2026-04-01', kind: 'recurringBillPayment', date: '2026-04-10' },
    ]);
  });

  it('skips the months already posted, per kind, and stops at the end date', () => {
    expect(
      recurringDue(
        { ...hydro, endDate: '2026-05-20' },
        { recurringBill: '2026-03-01', recurringBillPayment: '2026-04-01' },
        '2026-12-31',
      ),
    ).toEqual([
      { month: '2026-04-01', kind: 'recurringBill', date: '2026-04-30' },
      { month: '2026-05-01', kind: 'recurringBillPayment', date: '2026-05-10' },
    ]);
  });

  it("posts only the bill of a building's own bill, on its billing day", () => {
    expect(
      recurringDue({ billingDay: 5, paymentDay: 20, startDate: '2026-03-05' }, {}, '2026-04-30'),
    ).toEqual([
      { month: '2026-03-01', kind: 'recurringBill', date: '2026-03-05' },
      { month: '2026-04-01', kind: 'recurringBill', date: '2026-04-05' },
    ]);
  });

  it('posts nothing before the start date', () => {
    expect(recurringDue(hydro, {}, '2026-01-30')).toEqual([]);
  });

  // Dates around two year ends and a leap February.
  const date = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2026-11-01', n - 365));
  const day = fc.integer({ min: 1, max: 31 });
  const schedule = fc.record({
    supplierUuid: fc.option(fc.constant(supplier), { nil: undefined }),
    billingDay: day,
    paymentDay: fc.option(day, { nil: undefined }),
    startDate: date,
    endDate: fc.option(date, { nil: undefined }),
  });

  /** What a run posted becomes the last month posted of each kind, as the server records it. */
  const lastOf = (
    postings: readonly RecurringPostingDue[],
  ): Partial<Record<RecurringPostingKind, string>> => {
    const last: Partial<Record<RecurringPostingKind, string>> = {};
    for (const p of postings) if (!last[p.kind] || p.month > (last[p.kind] ?? '')) last[p.kind] = p.month;
    return last;
  };

  it('is idempotent: running to d1 then to d2 posts what one run to d2 posts', () => {
    fc.assert(
      fc.property(schedule, date, date, (bill, a, b) => {
        const [d1, d2] = a <= b ? [a, b] : [b, a];
        const first = recurringDue(bill, {}, d1);
        const second = recurringDue(bill, lastOf(first), d2);
        expect([...first, ...second]).toEqual(recurringDue(bill, {}, d2));
        // And a second run as of the same day posts nothing.
        expect(recurringDue(bill, lastOf(recurringDue(bill, {}, d2)), d2)).toEqual([]);
      }),
    );
  });

  it('posts on every matching day between the start and the end or asOf, and on no other', () => {
    fc.assert(
      fc.property(schedule, date, (bill, asOf) => {
        const due = recurringDue(bill, {}, asOf);
        const last = [asOf, ...(bill.endDate ? [bill.endDate] : [])].sort()[0] ?? asOf;
        // The oracle walks the days one by one: a day matches when it is the bill's day, or the
        // month's last day in a month shorter than it.
        const matches = (d: string, wanted: number) => {
          const dayOfMonth = Number(d.slice(8, 10));
          return dayOfMonth === wanted || (dayOfMonth === daysInMonth(monthOf(d)) && wanted > dayOfMonth);
        };
        const expected: RecurringPostingDue[] = [];
        for (let d = bill.startDate; d <= last; d = addDays(d, 1)) {
          if (matches(d, bill.billingDay))
            expected.push({ month: monthOf(d), kind: 'recurringBill', date: d });
          if (bill.supplierUuid && bill.paymentDay !== undefined && matches(d, bill.paymentDay)) {
            expected.push({ month: monthOf(d), kind: 'recurringBillPayment', date: d });
          }
        }
        expect(due).toEqual(expected);
        for (const p of due) {
          expect(monthOf(p.date)).toBe(p.month);
          expect(p.date >= bill.startDate).toBe(true);
          expect(p.date <= asOf).toBe(true);
          if (bill.endDate) expect(p.date <= bill.endDate).toBe(true);
        }
      }),
    );
  });
});
