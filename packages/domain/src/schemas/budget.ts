import { z } from 'zod';
import { budgetInputSchema, memberKinds } from '../budget/budget';
import { categoryViewSchema } from './accounts';
import { centsSchema, isoDateSchema, timestampSchema } from './common';

/** The budget's answers (SPEC 3 "Budget", DOMAIN 3). */

export const budgetStatuses = ['draft', 'applied', 'unapplied'] as const;
export type BudgetStatus = (typeof budgetStatuses)[number];

/** A saved budget: what was entered, and where it stands. */
export const budgetViewSchema = budgetInputSchema.extend({
  uuid: z.guid(),
  fiscalYear: isoDateSchema,
  status: z.enum(budgetStatuses),
  applicationDate: isoDateSchema.nullable(),
  appliedAt: timestampSchema.nullable(),
  /** Who applied it, by name and email only. */
  appliedBy: z.object({ name: z.string().optional(), email: z.string().optional() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** In the list only: the categories it names, for those who cannot read the chart of accounts. */
  categories: z.array(categoryViewSchema).optional(),
});
export type BudgetView = z.infer<typeof budgetViewSchema>;

const billedToSchema = z.object({ unitUuid: z.guid(), unitNumber: z.string() }).nullable();

/** Twelve amounts, one per month of the fiscal year from its first. */
const monthsSchema = z.array(centsSchema);

/** One member's fees: the year, each month, and each contribution's part (by its index). */
export const memberPreviewSchema = z.object({
  kind: z.enum(memberKinds),
  uuid: z.guid(),
  number: z.string(),
  /** The unit whose account a fee is billed to. */
  billedTo: billedToSchema,
  annual: centsSchema,
  monthly: monthsSchema,
  contributions: z.array(
    z.object({ index: z.number().int().min(0), annual: centsSchema, monthly: monthsSchema }),
  ),
});
export type MemberPreview = z.infer<typeof memberPreviewSchema>;

/** What a budget bills each member (DOMAIN 3), and who is left out and why. */
export const budgetPreviewSchema = z.object({
  members: z.array(memberPreviewSchema),
  leftOut: z.array(
    z.object({
      kind: z.enum(memberKinds),
      uuid: z.guid(),
      number: z.string(),
      reason: z.enum(['noMonthlyFees', 'noUnit']),
    }),
  ),
  totals: z.object({
    annual: centsSchema,
    /** Each contribution's amount and what the members' shares bill of it. */
    contributions: z.array(
      z.object({ index: z.number().int().min(0), annual: centsSchema, billed: centsSchema }),
    ),
    months: monthsSchema,
  }),
});
export type BudgetPreview = z.infer<typeof budgetPreviewSchema>;

/** GET …/budgets/:uuid/preview: the members' fees, with what applying on a date corrects. */
export const budgetPreviewViewSchema = budgetPreviewSchema.extend({
  /** What applying with a past date bills on the next 1st, per member; months as YYYY-MM. */
  corrections: z.array(
    z.object({
      uuid: z.guid(),
      number: z.string(),
      months: z.array(z.string().regex(/^\d{4}-\d{2}$/)),
      amount: centsSchema,
    }),
  ),
  /** DOMAIN 3: the contingency fund's share of the contributions, and whether it is under 5 %. */
  contingency: z.object({ share: z.number().min(0).max(1), underMinimum: z.boolean() }),
});
export type BudgetPreviewView = z.infer<typeof budgetPreviewViewSchema>;
