import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from '../money';
import { accountBalances, trialBalance, trialBalanceTotals, type Posting } from './balances';
import { subtransactionsProblem } from './transaction';

/** A balanced transaction: random lines on a few accounts, the last one making the sum zero. */
const transactionArb = fc
  .record({
    lines: fc.array(
      fc.record({ aid: fc.integer({ min: 1, max: 12 }), amount: fc.integer({ min: -1e9, max: 1e9 }) }),
      { minLength: 1, maxLength: 8 },
    ),
    closing: fc.integer({ min: 1, max: 12 }),
    cancelled: fc.boolean(),
  })
  .map(({ lines, closing, cancelled }) => {
    const sum = lines.reduce((s, l) => s + l.amount, 0);
    return { lines: [...lines, { aid: closing, amount: -sum }], cancelled };
  })
  .filter(({ lines }) => subtransactionsProblem(lines) === null);

const postingsOf = (transactions: { lines: { aid: number; amount: number }[]; cancelled: boolean }[]) =>
  transactions.flatMap((t, i): Posting[] =>
    t.lines.map((l) => ({
      transaction: String(i),
      aid: l.aid,
      amount: cents(l.amount),
      cancelled: t.cancelled,
    })),
  );

describe('ledger balances', () => {
  it('keeps every trial balance at zero, whatever is posted and cancelled', () => {
    fc.assert(
      fc.property(fc.array(transactionArb, { maxLength: 40 }), (transactions) => {
        const rows = trialBalance(postingsOf(transactions));
        const totals = trialBalanceTotals(rows);
        expect(totals.debits).toBe(totals.credits);
        expect(rows.reduce((s, r) => s + r.balance, 0)).toBe(0);
      }),
    );
  });

  it('gives each account the sum of its non-cancelled postings', () => {
    fc.assert(
      fc.property(fc.array(transactionArb, { maxLength: 40 }), (transactions) => {
        const postings = postingsOf(transactions);
        const balances = accountBalances(postings);
        for (let aid = 1; aid <= 12; aid += 1) {
          const expected = postings
            .filter((p) => p.aid === aid && !p.cancelled)
            .reduce((s, p) => s + p.amount, 0);
          expect(balances.get(aid) ?? 0).toBe(expected);
        }
      }),
    );
  });

  it('refuses lines that are all zero or do not sum to zero, with SPEC messages', () => {
    expect(subtransactionsProblem([{ amount: 0 }, { amount: 0 }])).toBe('validation.transactionAllZero');
    expect(subtransactionsProblem([{ amount: 5 }, { amount: -4 }])).toBe('validation.transactionNotBalanced');
    expect(subtransactionsProblem([{ amount: 5 }, { amount: -5 }])).toBeNull();
  });
});
