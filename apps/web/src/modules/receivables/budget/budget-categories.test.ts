import { describe, expect, it } from 'vitest';
import type { CategoryView } from '@copro/domain';
import { budgetCategories } from './budget-categories';

const category = (
  uuid: string,
  name: string,
  parent: CategoryView['parent'],
  extra: Partial<CategoryView> = {},
): CategoryView => ({
  uuid,
  name,
  parent,
  aid: 1,
  systemKey: null,
  archived: false,
  fiscalYear: '2026-01-01',
  createdAt: '',
  updatedAt: '',
  ...extra,
});

const categories = [
  category('fees', 'Condo fees', 'revenues', { systemKey: 'condoFees' }),
  category('fund', 'Contingency fund contributions', 'revenues', {
    systemKey: 'contingencyFundContributions',
  }),
  category('old', 'Old revenue', 'revenues', { archived: true }),
  category('snow', 'Snow removal', 'expenses'),
  category('elec', 'électricité', 'expenses'),
  category('gone', 'Gone', 'expenses', { archived: true }),
  category('capital', 'Contingency fund', 'capital', { systemKey: 'contingencyFund' }),
];

describe('budgetCategories', () => {
  it('offers the active revenue and expense categories by name, accents aside', () => {
    const result = budgetCategories(categories);
    expect(result.revenues.map((c) => c.uuid)).toEqual(['fees', 'fund']);
    expect(result.expenses.map((c) => c.uuid)).toEqual(['elec', 'snow']);
  });

  it('finds the contingency-fund revenue and condo fees by their system key, not the fund itself', () => {
    const result = budgetCategories(categories);
    expect(result.contingency).toBe('fund');
    expect(result.condoFees).toBe('fees');
    expect(result.byUuid.get('gone')?.name).toBe('Gone');
    expect(budgetCategories([]).contingency).toBeUndefined();
  });
});
