import { describe, expect, it } from 'vitest';
import { cents, type BudgetInput } from '@copro/domain';
import { budgetValues, prepareBudget, toFormIssue, typedCents, type BudgetValues } from './budget-values';

const condoFees = '11111111-1111-4111-8111-111111111111';
const contingency = '22222222-2222-4222-8222-222222222222';
const insurance = '33333333-3333-4333-8333-333333333333';
const snow = '44444444-4444-4444-8444-444444444444';
const oldExpense = '55555555-5555-4555-8555-555555555555';

const budget: BudgetInput = {
  contributions: [
    { name: 'Condo fees', amount: cents(12_000_000), category: condoFees, appliesTo: 'all:units' },
    {
      name: 'Roof',
      amount: cents(500_050),
      category: contingency,
      appliesTo: 'units:101',
      endDate: '2026-06-30',
    },
  ],
  budgetedAmounts: { [insurance]: cents(4_500_000), [oldExpense]: cents(10_000) },
  budgetedComments: { [insurance]: 'Renewal in March' },
};

const options = { expenseCategories: [insurance, snow], defaultCategory: condoFees, language: 'fr' as const };

describe('budgetValues and prepareBudget', () => {
  it('gives a budget back unchanged after a trip through the form', () => {
    const values = budgetValues(budget, options);
    expect(values.contributions[1]).toEqual({
      name: 'Roof',
      amount: '5000,50',
      category: contingency,
      scope: 'units',
      target: '101',
      endDate: '2026-06-30',
    });
    expect(prepareBudget(values)).toEqual({ input: budget, issues: [] });
  });

  it('has a row for every expense category and for any category the budget holds an amount for', () => {
    const values = budgetValues(budget, options);
    expect(Object.keys(values.expenses).sort()).toEqual([insurance, snow, oldExpense].sort());
    expect(values.expenses[snow]).toEqual({ amount: '', comment: '' });
    expect(values.expenses[oldExpense]).toEqual({ amount: '100,00', comment: '' });
  });

  it('starts a new budget with one contribution to the default category', () => {
    const values = budgetValues(null, options);
    expect(values.contributions).toEqual([
      { name: '', amount: '', category: condoFees, scope: 'all:units', target: '', endDate: '' },
    ]);
    expect(values.expenses).toEqual({
      [insurance]: { amount: '', comment: '' },
      [snow]: { amount: '', comment: '' },
    });
  });

  it('sends typed amounts in cents, trims, and leaves out empty expenses and end dates', () => {
    const values: BudgetValues = {
      contributions: [
        {
          name: ' Fees ',
          amount: '1 234,5',
          category: condoFees,
          scope: 'all:parkings',
          target: 'x',
          endDate: '',
        },
      ],
      expenses: {
        [insurance]: { amount: '0', comment: '  ' },
        [snow]: { amount: '', comment: 'To be quoted' },
      },
    };
    expect(prepareBudget(values).input).toEqual({
      contributions: [{ name: 'Fees', amount: 123_450, category: condoFees, appliesTo: 'all:parkings' }],
      budgetedAmounts: { [insurance]: 0 },
      budgetedComments: { [snow]: 'To be quoted' },
    });
  });

  it('names every field to correct, and sends nothing then', () => {
    const values: BudgetValues = {
      contributions: [
        { name: '', amount: '', category: '', scope: 'lockers', target: '', endDate: '' },
        {
          name: 'x'.repeat(81),
          amount: '-5',
          category: condoFees,
          scope: 'all:units',
          target: '',
          endDate: '',
        },
        { name: 'Ok', amount: '12.345', category: condoFees, scope: 'all:units', target: '', endDate: '' },
      ],
      expenses: { [insurance]: { amount: 'abc', comment: 'y'.repeat(2001) } },
    };
    const { input, issues } = prepareBudget(values);
    expect(input).toBeNull();
    expect(issues).toEqual([
      { path: ['contributions', 0, 'name'], key: 'validation.required' },
      { path: ['contributions', 0, 'amount'], key: 'validation.required' },
      { path: ['contributions', 0, 'category'], key: 'validation.required' },
      { path: ['contributions', 0, 'target'], key: 'validation.required' },
      { path: ['contributions', 1, 'name'], key: 'validation.tooLong', params: { max: 80 } },
      { path: ['contributions', 1, 'amount'], key: 'validation.mustBePositive' },
      { path: ['contributions', 2, 'amount'], key: 'budget.form.invalidAmount' },
      { path: ['expenses', insurance, 'amount'], key: 'budget.form.invalidAmount' },
      { path: ['expenses', insurance, 'comment'], key: 'validation.tooLong', params: { max: 2000 } },
    ]);
  });
});

describe('prepareBudget with the shared schema', () => {
  it('refuses more contributions than a budget takes, on the list as a whole', () => {
    const one = {
      name: 'Fees',
      amount: '1',
      category: condoFees,
      scope: 'all:units' as const,
      target: '',
      endDate: '',
    };
    const { input, issues } = prepareBudget({
      contributions: Array.from({ length: 51 }, () => one),
      expenses: {},
    });
    expect(input).toBeNull();
    expect(issues.map((issue) => issue.path)).toEqual([['contributions']]);
  });

  it('puts a malformed target on the member picked', () => {
    const bad = {
      name: 'Spot',
      amount: '1',
      category: condoFees,
      scope: 'parkings' as const,
      target: 'P-1',
      endDate: '',
    };
    expect(prepareBudget({ contributions: [bad], expenses: {} }).issues).toEqual([
      { path: ['contributions', 0, 'target'], key: 'validation.invalidIdentifier' },
    ]);
  });
});

describe('typedCents', () => {
  it('takes zero, a comma or a dot, and refuses the rest', () => {
    expect(typedCents('0')).toEqual({ kind: 'cents', cents: 0 });
    expect(typedCents('12,5 $')).toEqual({ kind: 'cents', cents: 1250 });
    expect(typedCents(' ')).toEqual({ kind: 'empty' });
    expect(typedCents('1.2.3')).toEqual({ kind: 'wrong', key: 'budget.form.invalidAmount' });
  });
});

describe('toFormIssue', () => {
  const values = budgetValues(budget, options);

  it('puts a target issue on the field the form shows for it', () => {
    const issue = { key: 'validation.invalidIdentifier' };
    expect(toFormIssue({ ...issue, path: ['contributions', 1, 'appliesTo'] }, values).path).toEqual([
      'contributions',
      1,
      'target',
    ]);
    expect(toFormIssue({ ...issue, path: ['contributions', 0, 'appliesTo'] }, values).path).toEqual([
      'contributions',
      0,
      'scope',
    ]);
  });

  it('puts an expense issue on its category row, and leaves the others alone', () => {
    const key = 'validation.wrongType';
    expect(toFormIssue({ key, path: ['budgetedAmounts', insurance] }, values).path).toEqual([
      'expenses',
      insurance,
      'amount',
    ]);
    expect(toFormIssue({ key, path: ['budgetedComments', snow] }, values).path).toEqual([
      'expenses',
      snow,
      'comment',
    ]);
    expect(toFormIssue({ key, path: ['contributions', 0, 'amount'] }, values).path).toEqual([
      'contributions',
      0,
      'amount',
    ]);
  });
});
