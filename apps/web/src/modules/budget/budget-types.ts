import type { BudgetInput, CategoryView, BudgetPreview as MemberFees } from '@copro/domain';

/**
 * The budget API's answers (SPEC 3 "Budget", DOMAIN 3) beyond the shared schemas: the saved
 * budget, and the preview with what the server adds to the domain's computation.
 */

export type BudgetStatus = 'draft' | 'applied' | 'unapplied';

export interface BudgetView extends BudgetInput {
  uuid: string;
  fiscalYear: string;
  status: BudgetStatus;
  applicationDate: string | null;
  appliedAt: string | null;
  appliedBy: { name?: string; email?: string } | null;
  createdAt: string;
  updatedAt: string;
  /** The categories the budget names, for those who cannot read the chart of accounts. */
  categories?: CategoryView[];
}

export interface BudgetPreview extends MemberFees {
  /** What applying with a past date bills on the next 1st, per member; months as YYYY-MM. */
  corrections: { uuid: string; number: string; months: string[]; amount: number }[];
  contingency: { share: number; underMinimum: boolean };
}
