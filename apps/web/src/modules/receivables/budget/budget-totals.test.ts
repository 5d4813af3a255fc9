import { describe, expect, it } from 'vitest';
import { budgetTotals, monthlyEquivalent, totalsOfValues } from './budget-totals';
import { blankContribution, type BudgetValues } from './budget-values';
import { cents } from '@copro/domain';

const fees = 'fees';
const fund = 'fund';

describe('budgetTotals', () => {
  it('adds up both sides and says the surplus or the deficit', () => {
    const totals = budgetTotals(
      {
        contributions: [
          { amount: cents(95_000), category: fees },
          { amount: cents(5_000), category: fund },
        ],
        budgetedAmounts: { a: cents(60_000), b: cents(50_000) },
      },
      fund,
    );
    expect(totals).toEqual({
      contributions: 100_000,
      expenses: 110_000,
      balance: -10_000,
      contingency: { amount: 5_000, share: 0.05, underMinimum: false },
    });
  });

  it('warns one cent under 5 %, exactly', () => {
    const totals = budgetTotals(
      {
        contributions: [
          { amount: cents(95_001), category: fees },
          { amount: cents(4_999), category: fund },
          { amount: cents(0), category: fund },
        ],
        budgetedAmounts: {},
      },
      fund,
    );
    expect(totals.contingency).toEqual({ amount: 4_999, share: 0.04999, underMinimum: true });
  });

  it('does not warn about an empty budget, nor without the contingency category', () => {
    expect(budgetTotals({ contributions: [], budgetedAmounts: {} }, fund).contingency?.underMinimum).toBe(
      false,
    );
    expect(
      budgetTotals({ contributions: [{ amount: cents(1), category: fees }], budgetedAmounts: {} }, undefined),
    ).toEqual({
      contributions: 1,
      expenses: 0,
      balance: 1,
      contingency: null,
    });
  });
});

describe('totalsOfValues', () => {
  it('counts only what can be read while the form is typed', () => {
    const values: BudgetValues = {
      contributions: [
        { ...blankContribution(fees), amount: '1000' },
        { ...blankContribution(fund), amount: 'abc' },
      ],
      expenses: { a: { amount: '250,50', comment: '' }, b: { amount: '', comment: 'later' } },
    };
    expect(totalsOfValues(values, fund)).toEqual({
      contributions: 100_000,
      expenses: 25_050,
      balance: 74_950,
      contingency: { amount: 0, share: 0, underMinimum: true },
    });
  });
});

describe('monthlyEquivalent', () => {
  it('is exact when the year divides by 12, rounded to the cent otherwise', () => {
    expect(monthlyEquivalent(120_000)).toEqual({ cents: 10_000, exact: true });
    expect(monthlyEquivalent(100_000)).toEqual({ cents: 8_333, exact: false });
    expect(monthlyEquivalent(100_006)).toEqual({ cents: 8_334, exact: false });
  });
});
