import {
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Cents } from '@copro/domain';
import type { LogSource } from './platform';
import { fiscalYear } from './tenancy';

export interface StoredContribution {
  name: string;
  /** Validated as `Cents` when the budget was saved. */
  amount: Cents;
  category: string;
  appliesTo: string;
  endDate?: string;
}

/**
 * SPEC 3 "Budget": a draft until applied; once applied it is frozen (SPEC 4) and can only be
 * unapplied. One applied budget per year at a time.
 */
export const budget = pgTable(
  'budgets',
  {
    buildingId: uuid('building_id').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    uuid: uuid('uuid').notNull(),
    status: text('status').$type<'draft' | 'applied' | 'unapplied'>().notNull().default('draft'),
    applicationDate: date('application_date', { mode: 'string' }),
    contributions: jsonb('contributions').$type<StoredContribution[]>().notNull().default([]),
    budgetedAmounts: jsonb('budgeted_amounts').$type<Record<string, Cents>>().notNull().default({}),
    budgetedComments: jsonb('budgeted_comments').$type<Record<string, string>>().notNull().default({}),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: jsonb('applied_by').$type<LogSource | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    index('budgets_year_idx').on(t.buildingId, t.fiscalYear),
  ],
);

/**
 * One row per member and month billed (DOMAIN 3): the unique key is what makes monthly
 * billing idempotent — a second run, or a second server instance, finds the month taken.
 */
export const feeBilling = pgTable(
  'fee_billings',
  {
    buildingId: uuid('building_id').notNull(),
    budgetUuid: uuid('budget_uuid').notNull(),
    /** The unit, parking or locker billed (its fee goes to its unit's account). */
    memberUuid: uuid('member_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'unitMonthlyFee' | 'budgetCorrection'>().notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.transactionUuid] }),
    uniqueIndex('fee_billings_month_idx').on(t.buildingId, t.budgetUuid, t.memberUuid, t.month, t.kind),
  ],
);
