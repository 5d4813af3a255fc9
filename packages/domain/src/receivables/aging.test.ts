import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { agingBuckets } from '../schemas/receivables';
import { ageReceivable, arrearsMonths, unpaidCharges, type UnitPosting } from './aging';

const posting = (date: string, amount: number, kind = 'unitMonthlyFee'): UnitPosting => ({
  uuid: `${date}-${amount}`,
  date,
  kind,
  description: '',
  amount: cents(amount),
});

describe('receivables aging', () => {
  it('settles the oldest charges first and ages what is left', () => {
    const postings = [
      posting('2026-01-01', 30_000),
      posting('2026-02-01', 30_000),
      posting('2026-03-01', 30_000),
      posting('2026-04-01', 30_000),
      posting('2026-02-10', -40_000, 'unitPayment'),
    ];
    const aging = ageReceivable(postings, '2026-04-15');
    expect(aging.balance).toBe(80_000);
    // January is paid; 10,000 of February is paid; February is 73 days old, March 45, April 14.
    expect(aging.buckets).toEqual({ current: 30_000, days30: 30_000, days60: 20_000, days90: 0 });
    expect(aging.oldestUnpaidDate).toBe('2026-02-01');
  });

  it('puts a credit balance in current and leaves later postings out', () => {
    const aging = ageReceivable(
      [
        posting('2026-01-01', 10_000),
        posting('2026-01-02', -15_000, 'unitPayment'),
        posting('2026-05-01', 99),
      ],
      '2026-03-01',
    );
    expect(aging).toEqual({
      balance: -5_000,
      buckets: { current: -5_000, days30: 0, days60: 0, days90: 0 },
      oldestUnpaidDate: null,
    });
  });

  it('buckets always add up to the balance', () => {
    const day = fc
      .integer({ min: 0, max: 364 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, fc.integer({ min: -100_000, max: 100_000 }))),
        day,
        (lines, asOf) => {
          const postings = lines.map(([d, a], i) => ({ ...posting(d, a), uuid: String(i) }));
          const aging = ageReceivable(postings, asOf);
          const sum = agingBuckets.reduce((s, b) => s + aging.buckets[b], 0);
          const balance = postings.filter((p) => p.date <= asOf).reduce((s, p) => s + p.amount, 0);
          expect(sum).toBe(balance);
          expect(aging.balance).toBe(balance);
          expect(unpaidCharges(postings, asOf).charges.every((c) => c.unpaid > 0)).toBe(true);
        },
      ),
    );
  });

  it('counts whole months of arrears', () => {
    expect(arrearsMonths(null, '2026-05-01')).toBe(0);
    expect(arrearsMonths('2026-01-01', '2026-03-31')).toBe(2);
    expect(arrearsMonths('2026-01-01', '2026-04-01')).toBe(3);
    expect(arrearsMonths('2026-01-15', '2026-04-14')).toBe(2);
  });
});

describe('a charge billed late', () => {
  it('is aged and counted in arrears from the day it was billed, and stays in the balance at its date', () => {
    const postings: UnitPosting[] = ['2026-01-01', '2026-02-01', '2026-03-01'].map((d) => ({
      ...posting(d, 30_000),
      billedOn: '2026-03-20',
    }));
    const aging = ageReceivable(postings, '2026-04-01');
    expect(aging.balance).toBe(90_000);
    expect(aging.buckets).toEqual({ current: 90_000, days30: 0, days60: 0, days90: 0 });
    expect(aging.oldestUnpaidDate).toBe('2026-03-20');
    expect(arrearsMonths(aging.oldestUnpaidDate, '2026-04-01')).toBe(0);
  });
});
