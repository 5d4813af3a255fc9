import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  budgetPreview,
  contingencyShare,
  fiscalMonths,
  type BudgetMember,
  type Contribution,
} from './budget';
import { cents } from '../money';

const member = (
  kind: BudgetMember['kind'],
  number: string,
  voteShare: number,
  extra: Partial<BudgetMember> = {},
): BudgetMember => ({
  kind,
  uuid: `${kind}-${number}`,
  number,
  voteShare,
  noMonthlyFees: false,
  billedTo: { unitUuid: `units-${number}`, unitNumber: number },
  ...extra,
});

const contribution = (
  amount: number,
  appliesTo = 'all:units',
  extra: Partial<Contribution> = {},
): Contribution => ({
  name: 'Fees',
  amount: cents(amount),
  category: '00000000-0000-4000-8000-000000000001',
  appliesTo,
  ...extra,
});

describe('budget preview', () => {
  it('bills every contribution to the cent, per member over the year and per month over the members', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 3 }),
        (weights, amounts) => {
          const members = weights.map((w, i) => member('units', String(100 + i), w / 1e8));
          const preview = budgetPreview(
            amounts.map((a) => contribution(a)),
            members,
            '2026-01-01',
          );
          preview.totals.contributions.forEach((c) => expect(c.billed).toBe(c.annual));
          for (const row of preview.members) {
            expect(row.monthly.reduce((a, b) => a + b, 0)).toBe(row.annual);
            expect(row.contributions.reduce((s, c) => s + c.annual, 0)).toBe(row.annual);
          }
          for (let m = 0; m < 12; m += 1) {
            expect(preview.members.reduce((s, r) => s + (r.monthly[m] ?? 0), 0)).toBe(
              preview.totals.months[m],
            );
          }
          expect(preview.totals.months.reduce((a, b) => a + b, 0)).toBe(amounts.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });

  it('leaves out members with no monthly fees and spaces of no unit, so the others cover the whole', () => {
    const members = [
      member('units', '101', 0.5),
      member('units', '102', 0.3, { noMonthlyFees: true }),
      member('units', '103', 0.2),
      member('parkings', 'P1', 0.5, { billedTo: null }),
      member('parkings', 'P2', 0.5),
    ];
    const preview = budgetPreview(
      [contribution(120_000), contribution(24_000, 'all:parkings')],
      members,
      '2026-01-01',
    );
    expect(preview.leftOut.map((m) => [m.number, m.reason])).toEqual([
      ['102', 'noMonthlyFees'],
      ['P1', 'noUnit'],
    ]);
    expect(preview.members.map((m) => [m.number, m.annual])).toEqual([
      ['101', 85_714],
      ['103', 34_286],
      ['P2', 24_000],
    ]);
  });

  it('collects an exceptional contribution over the months up to its end date', () => {
    const preview = budgetPreview(
      [contribution(60_000, 'units:101', { endDate: '2026-06-30' })],
      [member('units', '101', 0.1)],
      '2026-01-01',
    );
    expect(preview.members[0]?.monthly).toEqual([
      10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('names the twelve 1sts of a year that starts in any month', () => {
    expect(fiscalMonths('2026-05-01')).toEqual([
      '2026-05-01',
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
    ]);
  });

  it('measures the contingency fund against the 5 % minimum', () => {
    const fund = '00000000-0000-4000-8000-000000000009';
    expect(
      contingencyShare([contribution(95_000), contribution(5_000, 'all:units', { category: fund })], fund),
    ).toBe(0.05);
    expect(contingencyShare([], fund)).toBe(0);
  });
});
