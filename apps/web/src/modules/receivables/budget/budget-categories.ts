import type { CategoryView } from '@copro/domain';
import { compareText } from '../../../ui/compare';

export interface BudgetCategories {
  /** Where a contribution can go: the active revenue categories, by name. */
  revenues: CategoryView[];
  /** Every active expense category, by name: each gets a budgeted amount. */
  expenses: CategoryView[];
  /** DOMAIN 3: the category the 5 % contingency-fund rule looks at. */
  contingency: string | undefined;
  /** Where a new budget's first contribution goes. */
  condoFees: string | undefined;
  byUuid: ReadonlyMap<string, CategoryView>;
}

const activeOf = (categories: readonly CategoryView[], parent: CategoryView['parent']): CategoryView[] =>
  categories
    .filter((category) => category.parent === parent && !category.archived)
    .sort((a, b) => compareText(a.name, b.name));

/** The chart of accounts as the budget uses it; the system keys find the accounts whatever they are named. */
export function budgetCategories(categories: readonly CategoryView[]): BudgetCategories {
  const keyed = (systemKey: string) => categories.find((category) => category.systemKey === systemKey)?.uuid;
  return {
    revenues: activeOf(categories, 'revenues'),
    expenses: activeOf(categories, 'expenses'),
    contingency: keyed('contingencyFundContributions'),
    condoFees: keyed('condoFees'),
    byUuid: new Map(categories.map((category) => [category.uuid, category])),
  };
}
