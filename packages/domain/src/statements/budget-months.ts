import { billableMonths, fiscalMonths } from '../budget/budget';
import { splitByWeights } from '../budget/allocation';
import { cents, type Cents } from '../money';
import { monthOf } from '../time';

/**
 * The budget beside the income statement (DOMAIN 3, 10), month by month. A budget is annual: each
 * contribution's amount is spread over the months it bills (12, or up to an exceptional
 * contribution's end date), each expense category's amount over the year's 12 months, with
 * largest-remainder rounding, so the months add up to the annual amount to the cent.
 *
 * The budget of a period is the sum of the months it touches: a period that covers part of a
 * month counts that month's whole part (fees are billed on the 1st, for the whole month).
 */

export interface BudgetLine {
  /** The category's ledger account. */
  aid: number;
  /** Annual amount, in cents. */
  amount: Cents;
  /** An exceptional contribution's end date. */
  endDate?: string;
}

export interface BudgetMonths {
  /** The fiscal year's months by their 1st (`fiscalMonths`). */
  months: readonly string[];
  /** Each category's budget per month, in `months` order. */
  byAccount: ReadonlyMap<number, readonly Cents[]>;
}

/** Each category's budget month by month: the contributions it receives and the expenses it is given. */
export function budgetMonths(yearStart: string, lines: readonly BudgetLine[]): BudgetMonths {
  const months = fiscalMonths(yearStart);
  const byAccount = new Map<number, Cents[]>();
  for (const line of lines) {
    const billable = billableMonths(yearStart, line.endDate);
    const parts = splitByWeights(
      line.amount,
      months.map((_, i) => (i < billable ? 1n : 0n)),
    );
    const current = byAccount.get(line.aid) ?? months.map(() => cents(0));
    byAccount.set(
      line.aid,
      current.map((value, i) => cents(value + (parts[i] ?? 0))),
    );
  }
  return { months, byAccount };
}

/** An account's budget for the months from `from`'s to `to`'s; 0 for an account the budget does not name. */
export function budgetBetween(budget: BudgetMonths, aid: number, from: string, to: string): Cents {
  const parts = budget.byAccount.get(aid);
  if (!parts) return cents(0);
  const first = monthOf(from);
  const last = monthOf(to);
  return cents(
    budget.months.reduce(
      (total, month, i) => (month >= first && month <= last ? total + (parts[i] ?? 0) : total),
      0,
    ),
  );
}

/** An account's annual budget. */
export const annualBudget = (budget: BudgetMonths, aid: number): Cents =>
  cents((budget.byAccount.get(aid) ?? []).reduce((a, b) => a + b, 0));
