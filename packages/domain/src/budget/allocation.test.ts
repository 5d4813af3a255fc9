import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contributionSchedule, monthlyParts, splitByShares, splitByWeights } from './allocation';
import { cents } from '../money';

const sharesArb = fc
  .array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 60 })
  .map((units) => units.map((u) => u / 1e8));

describe('largest-remainder allocation', () => {
  it('adds up exactly and keeps each part within a cent of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }).map(cents), sharesArb, (total, shares) => {
        const parts = splitByShares(total, shares);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const sum = shares.reduce((a, b) => a + b, 0);
        parts.forEach((part, i) => {
          expect(Math.abs(part - (total * (shares[i] ?? 0)) / sum)).toBeLessThan(1 + 1e-6);
        });
      }),
    );
  });

  it('splits a year into 12 months that add up to it, none more than a cent apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }).map(cents), (annual) => {
        const months = monthlyParts(annual);
        expect(months).toHaveLength(12);
        expect(months.reduce((a, b) => a + b, 0)).toBe(annual);
        expect(Math.max(...months) - Math.min(...months)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('gives the odd cents to the largest remainders, then to the earlier members', () => {
    expect(splitByWeights(cents(100), [1n, 1n, 1n])).toEqual([34, 33, 33]);
    expect(splitByWeights(cents(-100), [1n, 1n, 1n])).toEqual([-34, -33, -33]);
    expect(splitByWeights(cents(10), [1n, 2n])).toEqual([3, 7]);
    expect(() => splitByWeights(cents(10), [0n, 0n])).toThrow();
  });
});

describe('contribution schedule', () => {
  it('adds up per contribution, per member over the year and per month over the members, within a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }).map(cents), sharesArb, (annual, shares) => {
        const schedule = contributionSchedule(annual, shares);
        const parts = splitByShares(annual, shares);
        const months = monthlyParts(annual);
        const sum = shares.reduce((a, b) => a + b, 0);
        schedule.forEach((row, i) => {
          expect(row.reduce((a, b) => a + b, 0)).toBe(parts[i]);
          const exact = (annual * (shares[i] ?? 0)) / sum / 12;
          for (const cell of row) expect(Math.abs(cell - exact)).toBeLessThan(1 + 1e-6);
        });
        for (let m = 0; m < 12; m += 1) {
          expect(schedule.reduce((s, row) => s + (row[m] ?? 0), 0)).toBe(months[m]);
        }
      }),
    );
  });
});
