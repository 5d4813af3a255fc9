import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UnitPosting } from './aging';
import { statementOf } from './statement';

const posting = (uuid: string, date: string, amount: number, kind = 'unitMonthlyFee'): UnitPosting => ({
  uuid,
  date,
  kind,
  description: `${kind} ${date}`,
  amount,
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
