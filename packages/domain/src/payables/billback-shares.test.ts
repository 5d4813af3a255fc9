import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { billbackRules } from '../schemas/payables';
import { billbackShares, type BillbackSplit } from './billback-shares';

const partsOf = (split: BillbackSplit) => {
  if (!split.ok) throw new Error(`refused: ${JSON.stringify(split.issues)}`);
  return split.parts;
};

const units = (...shares: number[]) => shares.map((voteShare) => ({ voteShare }));

describe('billback shares', () => {
  it('shares by vote share, the odd cent to the largest remainder', () => {
    // 100.01 by 0.5 / 0.3 / 0.2: exact 50.005, 30.003, 20.002.
    expect(partsOf(billbackShares(cents(10_001), 'voteShare', units(0.5, 0.3, 0.2)))).toEqual([
      5_001, 3_000, 2_000,
    ]);
    // The chosen units' shares need not add up to 100 %.
    expect(partsOf(billbackShares(cents(1_000), 'voteShare', units(0.3, 0.2)))).toEqual([600, 400]);
    // A unit with no share gets nothing.
    expect(partsOf(billbackShares(cents(1_000), 'voteShare', units(0.5, 0)))).toEqual([1_000, 0]);
  });

  it('refuses vote shares when no chosen unit has one', () => {
    expect(billbackShares(cents(1_000), 'voteShare', units(0, 0))).toEqual({
      ok: false,
      issues: [{ path: ['units'], key: 'payables.invoices.validation.noVoteShare' }],
    });
  });

  it('shares equally, the odd cents to the first units', () => {
    expect(partsOf(billbackShares(cents(10_001), 'equal', units(0.5, 0.3, 0.2)))).toEqual([
      3_334, 3_334, 3_333,
    ]);
  });

  it('takes the amounts as entered only when they add up to the amount exactly', () => {
    const entered = [cents(5_000), cents(3_001), cents(2_000)].map((amount) => ({ voteShare: 0.1, amount }));
    expect(partsOf(billbackShares(cents(10_001), 'amounts', entered))).toEqual([5_000, 3_001, 2_000]);
    expect(billbackShares(cents(10_000), 'amounts', entered)).toEqual({
      ok: false,
      issues: [{ path: ['units'], key: 'payables.invoices.validation.amountsDoNotAddUp' }],
    });
    expect(
      billbackShares(cents(5_000), 'amounts', [{ voteShare: 0.5, amount: cents(5_000) }, { voteShare: 0.5 }]),
    ).toEqual({
      ok: false,
      issues: [{ path: ['units', 1, 'amount'], key: 'validation.required' }],
    });
  });

  it('always gives parts that add up to the amount, none negative', () => {
    const unitArb = fc.record({
      voteShare: fc.integer({ min: 0, max: 100_000_000 }).map((u) => u / 1e8),
      amount: fc.integer({ min: 0, max: 1e8 }).map(cents),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...billbackRules),
        fc.array(unitArb, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 1e11 }).map(cents),
        (rule, chosen, drawn) => {
          // With entered amounts, the amount billed back is what they add up to (else it is refused).
          const amount = rule === 'amounts' ? cents(chosen.reduce((a, u) => a + u.amount, 0)) : drawn;
          const split = billbackShares(amount, rule, chosen);
          if (!split.ok) {
            // The one refusal a valid form can meet: vote shares when every chosen share is 0.
            expect(rule === 'voteShare' && chosen.every((u) => u.voteShare === 0)).toBe(true);
            return;
          }
          expect(split.parts).toHaveLength(chosen.length);
          expect(split.parts.reduce((a, b) => a + b, 0)).toBe(amount);
          for (const part of split.parts) expect(part).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
