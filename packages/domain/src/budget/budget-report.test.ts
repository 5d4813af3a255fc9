import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellText, type MoneyCell, type ReportCell } from '../registry-reports';
import type { BudgetMember, Contribution } from './budget';
import { budgetReport, type BudgetReportCategory, type BudgetReportInput } from './budget-report';
import { cents } from '../money';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const categories: BudgetReportCategory[] = [
  { uuid: uuid(1), name: 'Condo fees', parent: 'revenues', systemKey: 'condoFees' },
  { uuid: uuid(2), name: 'Contingency', parent: 'revenues', systemKey: 'contingencyFundContributions' },
  { uuid: uuid(3), name: 'Insurance', parent: 'expenses', systemKey: 'insurance' },
  { uuid: uuid(4), name: 'Snow removal', parent: 'expenses', systemKey: null },
  { uuid: uuid(5), name: 'Elevator', parent: 'expenses', systemKey: null },
];

const unit = (number: string, voteShare: number, extra: Partial<BudgetMember> = {}): BudgetMember => ({
  kind: 'units',
  uuid: `unit-${number}`,
  number,
  voteShare,
  noMonthlyFees: false,
  billedTo: { unitUuid: `unit-${number}`, unitNumber: number },
  ...extra,
});
const parking: BudgetMember = {
  kind: 'parkings',
  uuid: uuid(90),
  number: 'P1',
  voteShare: 1,
  noMonthlyFees: false,
  billedTo: { unitUuid: 'unit-101', unitNumber: '101' },
};
const locker: BudgetMember = {
  kind: 'lockers',
  uuid: uuid(91),
  number: 'L1',
  voteShare: 1,
  noMonthlyFees: false,
  billedTo: null,
};
const members = [
  unit('101', 0.5),
  unit('102', 0.3),
  unit('103', 0.2),
  unit('104', 0, { noMonthlyFees: true }),
  parking,
  locker,
];

const contribution = (name: string, amount: number, extra: Partial<Contribution> = {}): Contribution => ({
  name,
  amount: cents(amount),
  category: uuid(1),
  appliesTo: 'all:units',
  ...extra,
});

const input = (extra: Partial<BudgetReportInput> = {}): BudgetReportInput => ({
  budget: {
    contributions: [
      contribution('Condo fees', 1_200_000),
      contribution('Contingency fund', 50_000, { category: uuid(2) }),
      contribution('Parking', 24_000, { appliesTo: `parkings:${uuid(90)}` }),
      contribution('Roof', 60_000, { appliesTo: 'units:103', endDate: '2026-06-30' }),
      contribution('Lockers', 1_200, { appliesTo: 'all:lockers' }),
    ],
    budgetedAmounts: { [uuid(3)]: cents(1_000_000), [uuid(4)]: cents(400_000) },
    budgetedComments: { [uuid(3)]: 'Renewal in May', [uuid(5)]: 'Under warranty' },
  },
  categories,
  members,
  yearStart: '2026-01-01',
  language: 'en',
  currency: 'CAD',
  ...extra,
});

const centsIn = (cell: ReportCell | undefined): number => (cell as MoneyCell).cents;
const texts = (rows: ReportCell[][]) => rows.map((row) => row.map(cellText));

describe('budget report', () => {
  it('lists each contribution with its category, target in words, amounts and end date', () => {
    const [revenues] = budgetReport(input());
    expect(revenues?.columns.map((c) => [c.key, c.kind, c.params?.month])).toEqual([
      ['reports.budget.columns.contribution', 'text', undefined],
      ['reports.budget.columns.category', 'text', undefined],
      ['reports.budget.columns.appliesTo', 'text', undefined],
      ['reports.budget.columns.annual', 'money', undefined],
      ['reports.budget.columns.monthly', 'money', 'January 2026'],
      ['reports.budget.columns.endDate', 'date', undefined],
    ]);
    expect(texts(revenues?.rows ?? [])).toEqual([
      ['Condo fees', 'Condo fees', 'All units', '$12,000.00', '$1,000.00', ''],
      ['Contingency fund', 'Contingency', 'All units', '$500.00', '$41.67', ''],
      ['Parking', 'Condo fees', 'Parking P1', '$240.00', '$20.00', ''],
      // An exceptional contribution is billed over the months up to its end: six of them.
      ['Roof', 'Condo fees', 'Unit 103', '$600.00', '$100.00', '2026-06-30'],
      // The only locker belongs to no unit: nobody is billed.
      ['Lockers', 'Condo fees', 'All lockers', '$12.00', '$0.00', ''],
      ['Total contributions', '', '', '$13,352.00', '$1,161.67', ''],
    ]);
    expect(revenues?.totalRows).toEqual([5]);
  });

  it('gives each budgeted expense category its amount and comment, then the totals and the balance', () => {
    const [, expenses] = budgetReport(input());
    expect(texts(expenses?.rows ?? [])).toEqual([
      ['Insurance', '$10,000.00', 'Renewal in May'],
      ['Snow removal', '$4,000.00', ''],
      ['Elevator', '$0.00', 'Under warranty'],
      ['Total expenses', '$14,000.00', ''],
      ['Total contributions', '$13,352.00', ''],
      ['Deficit', '-$648.00', ''],
      // 500 of 13,352 is 3.7 %: under the minimum the law sets.
      [
        'Contingency fund',
        '$500.00',
        '3.7% of the contributions. Under the 5% minimum that Quebec law sets for the contingency fund.',
      ],
    ]);
    expect(expenses?.totalRows).toEqual([3, 4, 5, 6]);
    expect(centsIn(expenses?.rows[5]?.[1])).toBe(-64_800);
  });

  it('says surplus, and no warning, when the budget is covered and the fund gets its 5 %', () => {
    const budget = {
      contributions: [contribution('Fees', 100_000), contribution('Fund', 10_000, { category: uuid(2) })],
      budgetedAmounts: { [uuid(3)]: cents(90_000) },
      budgetedComments: {},
    };
    const [, expenses] = budgetReport(input({ budget, language: 'fr' }));
    expect(texts(expenses?.rows.slice(-2) ?? [])).toEqual([
      ['Surplus', '200,00\u00a0$', ''],
      ['Fonds de prévoyance', '100,00\u00a0$', '9,1\u00a0% des contributions.'],
    ]);
  });

  it('bills each member its fee to the unit it belongs to, and says why a member is left out', () => {
    const [, , fees] = budgetReport(input());
    expect(texts(fees?.rows ?? [])).toEqual([
      ['Unit', '101', '101', '$520.84', '$6,250.00', ''],
      ['Unit', '102', '102', '$312.50', '$3,750.00', ''],
      // 2,500 a year, and the roof's 600 over its six months.
      ['Unit', '103', '103', '$308.33', '$3,100.00', ''],
      ['Unit', '104', '104', '', '', 'Left out: no monthly fees'],
      ['Parking', 'P1', '101', '$20.00', '$240.00', ''],
      ['Locker', 'L1', '', '', '', 'Left out: belongs to no unit'],
      // All the contributions but the lockers', which nobody pays.
      ['Total fees', '', '', '$1,161.67', '$13,340.00', ''],
    ]);
    expect(fees?.totalRows).toEqual([6]);
  });

  it('writes words, months and amounts in French', () => {
    const [revenues, , fees] = budgetReport(input({ language: 'fr' }));
    expect(revenues?.columns[4]?.params).toEqual({ month: 'janvier 2026' });
    expect(texts(revenues?.rows.slice(0, 1) ?? [])).toEqual([
      ['Condo fees', 'Condo fees', 'Toutes les unités', '12\u00a0000,00\u00a0$', '1\u00a0000,00\u00a0$', ''],
    ]);
    expect(cellText(revenues?.rows[2]?.[2])).toBe('Stationnement P1');
    expect(cellText(fees?.rows[3]?.[5])).toBe('Exclu : sans contributions mensuelles');
  });

  it('makes the members’ fees add up to the contributions billed, to the cent, whatever the shares', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 4 }),
        (weights, amounts) => {
          const units = weights.map((w, i) => unit(String(100 + i), w / 1e8));
          const budget = {
            contributions: amounts.map((a, i) => contribution(`C${i}`, a)),
            budgetedAmounts: {},
            budgetedComments: {},
          };
          const [revenues, , fees] = budgetReport(input({ budget, members: units }));
          const memberRows = fees?.rows.slice(0, -1) ?? [];
          const total = fees?.rows.at(-1);
          const annualTotal = amounts.reduce((a, b) => a + b, 0);
          expect(memberRows.reduce((s, row) => s + centsIn(row[4]), 0)).toBe(annualTotal);
          expect(centsIn(total?.[4])).toBe(annualTotal);
          expect(centsIn(revenues?.rows.at(-1)?.[3])).toBe(annualTotal);
          // The first month: what the members pay is what the contributions bill.
          expect(memberRows.reduce((s, row) => s + centsIn(row[3]), 0)).toBe(centsIn(total?.[3]));
          expect(centsIn(revenues?.rows.at(-1)?.[4])).toBe(centsIn(total?.[3]));
        },
      ),
    );
  });
});
