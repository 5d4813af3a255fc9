import type { BudgetInput, BudgetView } from '@copro/domain';

const statusOrder = { draft: 0, applied: 1, unapplied: 2 } as const;

/** The year's budgets as the selector lists them: the draft, the applied one, then the rest, latest first. */
export const orderedBudgets = (budgets: readonly BudgetView[]): BudgetView[] =>
  [...budgets].sort(
    (a, b) => statusOrder[a.status] - statusOrder[b.status] || b.updatedAt.localeCompare(a.updatedAt),
  );

/** Marks the budget not saved yet in the selector. */
export const newDraft = 'new';

/**
 * The budget the page shows: the one picked if it is still there, else the draft being prepared,
 * else the applied one, else the latest.
 */
export function shownBudget(budgets: readonly BudgetView[], picked: string | null): BudgetView | null {
  return budgets.find((budget) => budget.uuid === picked) ?? orderedBudgets(budgets)[0] ?? null;
}

/** A new draft starts from what is in force (or, failing that, the latest budget): most lines carry over. */
export function startingContent(budgets: readonly BudgetView[]): BudgetInput | null {
  const from = budgets.find((budget) => budget.status === 'applied') ?? orderedBudgets(budgets)[0];
  return from
    ? {
        contributions: from.contributions,
        budgetedAmounts: from.budgetedAmounts,
        budgetedComments: from.budgetedComments,
      }
    : null;
}
