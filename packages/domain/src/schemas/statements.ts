import { z } from 'zod';
import { reportJsonSchema } from '../registry-reports';
import { funds } from './accounts';
import { isoDateSchema } from './common';

/**
 * Financial statements (DOMAIN 10, SPEC 2 `categories/financial-statement`) and the board
 * package: which statements exist, what a request for one says, and the page's answer. Files
 * (PDF, XLSX, CSV) are drawn from the same document as the page's JSON.
 */

export const financialStatements = [
  'balance-sheet',
  'income-statement',
  'cash-flow',
  'trial-balance',
  'general-ledger',
  'funds',
] as const;
export type FinancialStatement = (typeof financialStatements)[number];
export const isFinancialStatement = (value: string): value is FinancialStatement =>
  (financialStatements as readonly string[]).includes(value);

export const fundFilters = ['all', ...funds] as const;
export type FundFilter = (typeof fundFilters)[number];

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/**
 * `from` and `to` are inclusive and default to the fiscal year's start and to the earlier of
 * today and the year's last day; the balance sheet reads only `to` (its date).
 */
export const statementQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  fund: z.enum(fundFilters).default('all'),
  /** A column with the same period of the previous fiscal year. */
  compare: flag,
  /** General ledger only: one account. */
  account: z.coerce.number().int().positive().optional(),
  format: z.enum(['json', 'pdf', 'xlsx', 'csv']).default('json'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** What a board member would rather look at than read. */
export const statementChartsSchema = z.object({
  /** Income statement: each month of the period. */
  revenueVsExpenses: z
    .array(z.object({ month: z.string(), label: z.string(), revenues: z.number(), expenses: z.number() }))
    .optional(),
  /** Funds: each fund's balance and what its own bank accounts hold (dollars, for the chart). */
  fundBalances: z
    .array(
      z.object({ fund: z.enum(funds), label: z.string(), balance: z.number(), bankHoldings: z.number() }),
    )
    .optional(),
});
export type StatementCharts = z.infer<typeof statementChartsSchema>;

export const statementJsonSchema = reportJsonSchema.extend({
  /** The period the statement covers, as the server settled it. */
  from: isoDateSchema,
  to: isoDateSchema,
  /** Things the reader must see: a fund's money in another fund's bank, an unbalanced trial balance. */
  warnings: z.array(z.string()),
  charts: statementChartsSchema,
});
export type StatementJson = z.infer<typeof statementJsonSchema>;

export const boardPackageQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  format: z.enum(['pdf', 'xlsx']).default('pdf'),
});
export type BoardPackageQuery = z.infer<typeof boardPackageQuerySchema>;
