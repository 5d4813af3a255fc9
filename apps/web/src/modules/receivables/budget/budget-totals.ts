import { centsOf, type BudgetValues } from './budget-values';
import { contingencyMinimum, type BudgetInput, type Contribution } from '@copro/domain';

/**
 * DOMAIN 3: Quebec law wants at least 5 % of the contributions in the contingency fund. In whole
 * percent, to compare in cents and to say it.
 */
const contingencyMinimumPercent = Math.round(contingencyMinimum * 100);

export interface BudgetTotals {
  contributions: number;
  expenses: number;
  /** Contributions minus expenses: a surplus above zero, a deficit below. */
  balance: number;
  /** Absent when the contingency-fund category is not known (owners do not read categories). */
  contingency: { amount: number; share: number; underMinimum: boolean } | null;
}

/**
 * The budget's totals and its contingency-fund share. The share is a warning, never a block; it is
 * compared in cents (amount × 100 against total × 5) so no float rounding decides it.
 */
export function budgetTotals(
  budget: {
    contributions: readonly Pick<Contribution, 'amount' | 'category'>[];
    budgetedAmounts: BudgetInput['budgetedAmounts'];
  },
  contingencyCategory: string | undefined,
): BudgetTotals {
  const contributions = budget.contributions.reduce((sum, c) => sum + c.amount, 0);
  const expenses = Object.values(budget.budgetedAmounts).reduce((sum, amount) => sum + amount, 0);
  const amount = budget.contributions
    .filter((c) => c.category === contingencyCategory)
    .reduce((sum, c) => sum + c.amount, 0);
  return {
    contributions,
    expenses,
    balance: contributions - expenses,
    contingency:
      contingencyCategory === undefined
        ? null
        : {
            amount,
            share: contributions === 0 ? 0 : amount / contributions,
            underMinimum: contributions > 0 && amount * 100 < contributions * contingencyMinimumPercent,
          },
  };
}

/** The same totals while the form is typed: what cannot be read yet counts as nothing. */
export const totalsOfValues = (values: BudgetValues, contingencyCategory: string | undefined): BudgetTotals =>
  budgetTotals(
    {
      contributions: values.contributions.map((c) => ({ amount: centsOf(c.amount), category: c.category })),
      budgetedAmounts: Object.fromEntries(
        Object.entries(values.expenses).map(([uuid, expense]) => [uuid, centsOf(expense.amount)]),
      ),
    },
    contingencyCategory,
  );

/**
 * An annual amount per month, for reading: exact when it divides by 12, otherwise rounded to the
 * cent (the bills themselves spread the odd cents so the year adds up).
 */
export function monthlyEquivalent(annual: number, months = 12): { cents: number; exact: boolean } {
  return { cents: Math.round(annual / months), exact: annual % months === 0 };
}
