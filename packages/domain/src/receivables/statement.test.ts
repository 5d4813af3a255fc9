import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import type { UnitPosting } from './aging';
import { paymentDescription, statementIn, statementOf } from './statement';

const posting = (uuid: string, date: string, amount: number, kind = 'unitMonthlyFee'): UnitPosting => ({
  uuid,
  date,
  kind,
  description: `${kind} ${date}`,
  amount: cents(amount),
});

describe('statement of account', () => {
  const postings = [
    posting('jan', '2026-01-01', 30_000),
    posting('pay-jan', '2026-01-15', -30_000, 'unitPayment'),
    posting('feb', '2026-02-01', 30_000),
    posting('late', '2026-02-20', 2_500, 'unitLateFee'),
    posting('pay-feb', '2026-02-25', -20_000, 'unitPayment'),
    posting('mar', '2026-03-01', 30_000),
  ];

  it('opens with what was owed before the period, lists the period and closes with its balance', () => {
    const s = statementOf(postings, { from: '2026-02-01', to: '2026-02-28' });
    expect(s.openingBalance).toBe(0);
    expect(s.lines.map((l) => [l.uuid, l.invoiced, l.paid, l.balance])).toEqual([
      ['feb', 30_000, 0, 30_000],
      ['late', 2_500, 0, 32_500],
      ['pay-feb', 0, 20_000, 12_500],
    ]);
    expect(s.totalInvoiced).toBe(32_500);
    expect(s.totalPaid).toBe(20_000);
    expect(s.closingBalance).toBe(12_500);
    expect(s.lines[1]).toMatchObject({
      date: '2026-02-20',
      kind: 'unitLateFee',
      description: 'unitLateFee 2026-02-20',
    });
  });

  it('carries the earlier postings in the opening balance, whatever their order', () => {
    const s = statementOf([...postings].reverse(), { from: '2026-03-01', to: '2026-12-31' });
    expect(s.openingBalance).toBe(12_500);
    expect(s.lines.map((l) => l.uuid)).toEqual(['mar']);
    expect(s.closingBalance).toBe(42_500);
    expect(s.lines[0]?.balance).toBe(42_500);
  });

  it('is empty for a period with nothing in it, its balance unchanged', () => {
    const s = statementOf(postings, { from: '2026-04-01', to: '2026-04-30' });
    expect(s).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      openingBalance: 42_500,
      lines: [],
      totalInvoiced: 0,
      totalPaid: 0,
      closingBalance: 42_500,
    });
  });

  it('always closes at opening + invoiced − paid, the last line’s balance, and the sum up to `to`', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            day,
            fc.integer({ min: -100_000, max: 100_000 }).filter((a) => a !== 0),
          ),
        ),
        day,
        day,
        (raw, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const list = raw.map(([date, amount], i) => posting(String(i), date, amount));
          const s = statementOf(list, { from, to });
          expect(s.closingBalance).toBe(s.openingBalance + s.totalInvoiced - s.totalPaid);
          expect(s.closingBalance).toBe(
            list.filter((p) => p.date <= to).reduce((sum, p) => sum + p.amount, 0),
          );
          expect(s.lines.at(-1)?.balance ?? s.openingBalance).toBe(s.closingBalance);
          for (const line of s.lines) expect(line.invoiced === 0 || line.paid === 0).toBe(true);
        },
      ),
    );
  });
});

describe('payments on a statement (DOMAIN 4)', () => {
  const check = (number: string) => ({ method: 'check', check: number });

  it('reads a payment as its method and check numbers, in the reader’s language', () => {
    expect(paymentDescription([check('501')], 'en')).toBe('Check 501');
    expect(paymentDescription([check('501')], 'fr')).toBe('Chèque 501');
    expect(paymentDescription([check('501'), check('502')], 'en')).toBe('Checks 501, 502');
    expect(paymentDescription([check('7'), { method: 'cash', check: null }], 'en')).toBe('Check 7, Cash');
    expect(paymentDescription([{ method: 'wire-transfer', check: null }], 'fr')).toBe('Virement');
    // A check without its number, as imported.
    expect(paymentDescription([{ method: 'check', check: null }], 'en')).toBe('Check');
    // Nothing recorded of how it was paid: the payment's own description says more.
    expect(paymentDescription([{ method: null, check: null }], 'en')).toBeNull();
    expect(paymentDescription([], 'en')).toBeNull();
  });

  it('describes the payments of a statement and keeps every other line as posted', () => {
    const s = statementOf(
      [
        posting('fee', '2026-02-01', 30_000),
        { ...posting('paid', '2026-02-10', -30_000, 'unitPayment'), paidBy: [check('501')] },
        posting('imported', '2026-02-11', -100, 'unitPayment'),
      ],
      { from: '2026-02-01', to: '2026-02-28' },
    );
    expect(statementIn(s, 'fr').lines.map((l) => l.description)).toEqual([
      'unitMonthlyFee 2026-02-01',
      'Chèque 501',
      'unitPayment 2026-02-11',
    ]);
    // Read again in another language, from how it was paid, not from the first reading.
    expect(statementIn(statementIn(s, 'fr'), 'en').lines[1]?.description).toBe('Check 501');
  });

  it('reads each line the system wrote in the reader language, from what it means', () => {
    const fee: UnitPosting = {
      ...posting('fee', '2026-02-01', 30_000),
      description: 'Contribution mensuelle 2026-02 — 101',
      meaning: { kind: 'monthlyFee', month: '2026-02', member: '101' },
    };
    const s = statementOf([fee, posting('typed', '2026-02-03', 500, 'unitInvoice')], {
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(statementIn(s, 'en').lines.map((l) => l.description)).toEqual([
      'Monthly fee 2026-02 — 101',
      'unitInvoice 2026-02-03',
    ]);
    expect(statementIn(statementIn(s, 'en'), 'fr').lines[0]?.description).toBe(
      'Contribution mensuelle 2026-02 — 101',
    );
  });
});
