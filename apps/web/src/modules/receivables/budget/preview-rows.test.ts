import { describe, expect, it } from 'vitest';
import {
  cents,
  sumCents,
  zeroCents,
  type BudgetPreviewView,
  type Cents,
  type Contribution,
  type MemberPreview,
} from '@copro/domain';
import { coverageOf, matchingRows, pageOf, previewRows, usualMonthly } from './preview-rows';

const months = (each: number, extra = 0): Cents[] =>
  Array.from({ length: 12 }, (_, i) => cents(each + (i < extra ? 1 : 0)));

const member = (
  kind: MemberPreview['kind'],
  number: string,
  parts: { index: number; monthly: Cents[] }[],
  billedTo: string | null = null,
): MemberPreview => {
  const contributions = parts.map((p) => ({ ...p, annual: sumCents(p.monthly) }));
  return {
    kind,
    uuid: `${kind}-${number}`,
    number,
    billedTo: billedTo ? { unitUuid: `units-${billedTo}`, unitNumber: billedTo } : null,
    annual: sumCents(contributions.map((p) => p.annual)),
    monthly: months(0).map((_, m) => sumCents(parts.map((p) => p.monthly[m] ?? zeroCents))),
    contributions,
  };
};

const contributions: Contribution[] = [
  { name: 'Fees', amount: cents(2403), category: 'fees', appliesTo: 'all:units' },
  { name: 'Parking', amount: cents(600), category: 'fees', appliesTo: 'all:parkings' },
];

const preview: BudgetPreviewView = {
  members: [
    member('parkings', 'P2', [{ index: 1, monthly: months(50) }], '10'),
    member('units', '10', [{ index: 0, monthly: months(100, 2) }]),
    member('units', '9', [{ index: 0, monthly: months(100, 1) }]),
  ],
  leftOut: [],
  totals: {
    annual: cents(3003),
    contributions: [
      { index: 0, annual: cents(2403), billed: cents(2403) },
      { index: 1, annual: cents(600), billed: cents(600) },
    ],
    months: months(250, 3),
  },
  corrections: [],
  contingency: { share: 0, underMinimum: true },
};

describe('usualMonthly', () => {
  it('is what most months bill, zero months aside, the larger on a tie', () => {
    expect(usualMonthly(months(100, 5))).toBe(100);
    expect(usualMonthly(months(100, 7))).toBe(101);
    expect(usualMonthly(months(100, 6))).toBe(101);
    expect(usualMonthly([300, 300, 300, ...Array.from({ length: 9 }, () => 0)])).toBe(300);
    expect(usualMonthly(months(0))).toBe(0);
  });
});

describe('previewRows', () => {
  it('lists units then parkings by number, one part per contribution of the budget', () => {
    const rows = previewRows(preview, contributions.length);
    expect(rows.map((r) => r.number)).toEqual(['9', '10', 'P2']);
    expect(rows[0]).toEqual({
      uuid: 'units-9',
      kind: 'units',
      number: '9',
      billedTo: null,
      annual: 1201,
      monthly: 100,
      parts: [{ annual: 1201, monthly: 100 }, null],
    });
    expect(rows[2]?.billedTo).toBe('10');
    expect(rows[2]?.parts).toEqual([null, { annual: 600, monthly: 50 }]);
  });

  it('finds a row by its number or by the unit it is billed to', () => {
    const rows = previewRows(preview, contributions.length);
    expect(matchingRows(rows, '10').map((r) => r.number)).toEqual(['10', 'P2']);
    expect(matchingRows(rows, ' p2 ').map((r) => r.number)).toEqual(['P2']);
    expect(matchingRows(rows, '')).toBe(rows);
  });
});

describe('coverageOf', () => {
  it('checks every contribution is billed in full and the members add up to the budget', () => {
    const coverage = coverageOf(preview, contributions);
    expect(coverage.covered).toBe(true);
    expect(coverage.total).toBe(3003);
    expect(coverage.billed).toBe(3003);
    expect(coverage.checks.map((c) => c.covered)).toEqual([true, true]);
  });

  it('fails for a contribution billed short, or one nobody pays', () => {
    const short = coverageOf(
      {
        ...preview,
        totals: {
          ...preview.totals,
          contributions: [{ index: 0, annual: cents(2403), billed: cents(2402) }],
        },
      },
      contributions,
    );
    expect(short.covered).toBe(false);
    expect(short.checks.map((c) => [c.billed, c.covered])).toEqual([
      [2402, false],
      [0, false],
    ]);
  });

  it('fails when the members do not add up to the budget even if the totals say so', () => {
    const missing = { ...preview, members: preview.members.slice(1) };
    expect(coverageOf(missing, contributions).covered).toBe(false);
  });
});

describe('pageOf', () => {
  it('cuts a list into pages and keeps the page asked for within range', () => {
    const list = Array.from({ length: 5 }, (_, i) => i);
    expect(pageOf(list, 2, 2)).toEqual({ items: [2, 3], pages: 3 });
    expect(pageOf(list, 9, 2)).toEqual({ items: [4], pages: 3 });
    expect(pageOf([], 1, 2)).toEqual({ items: [], pages: 1 });
  });
});
