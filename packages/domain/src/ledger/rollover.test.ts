import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents } from '../money';
import { openingLines } from './rollover';

const surplus = 100;

/** Closing balances of a year that balanced: random accounts, the last one evening the sum out. */
const closingArb = fc
  .array(
    fc.record({
      aid: fc.integer({ min: 1, max: 30 }),
      balance: fc.integer({ min: -1e9, max: 1e9 }).map(cents),
      income: fc.boolean(),
    }),
    { maxLength: 30 },
  )
  .map((accounts) => {
    const unique = [...new Map(accounts.map((a) => [a.aid, a])).values()];
    const sum = unique.reduce((s, a) => s + a.balance, 0);
    return [...unique, { aid: 31, balance: cents(0 - sum), income: false }];
  });

describe('opening balances', () => {
  it('carry every balance-sheet account, close income into the surplus, and sum to zero', () => {
    fc.assert(
      fc.property(closingArb, (closing) => {
        const lines = openingLines(closing, surplus);
        expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
        for (const account of closing) {
          const line = lines.find((l) => l.aid === account.aid)?.amount ?? 0;
          expect(line).toBe(account.income ? 0 : account.balance);
        }
        const income = closing.filter((a) => a.income).reduce((s, a) => s + a.balance, 0);
        expect(lines.find((l) => l.aid === surplus)?.amount ?? 0).toBe(income);
        expect(lines.every((l) => l.amount !== 0)).toBe(true);
      }),
    );
  });
});
