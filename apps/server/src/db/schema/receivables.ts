import { sql } from 'drizzle-orm';
import type { Cents } from '@copro/domain';
import { centsColumn } from '../money';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogSource } from './platform';
import { building, fiscalYear } from './tenancy';

/**
 * SPEC 3 "Penalty": the building's late fee, interest, check-reversal fee and its custom
 * penalties and fees. Not per fiscal year (SPEC: penalties carry no fiscalYear); the category is
 * a uuid, stable across years. One row of each default kind at most.
 */
export const penalty = pgTable(
  'penalties',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    kind: text('kind').notNull(),
    name: text('name'),
    description: text('description'),
    categoryUuid: uuid('category_uuid').notNull(),
    amount: centsColumn('amount'),
    /** Annual rate, 0 to 1 (interest only). */
    rate: doublePrecision('rate'),
    gracePeriod: integer('grace_period'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    uniqueIndex('penalties_default_kind_idx')
      .on(t.buildingId, t.kind)
      .where(sql`${t.kind} in ('defaultLatePaymentFee', 'defaultInterests', 'defaultCheckReversalFee')`),
  ],
);

export type PenaltyRow = typeof penalty.$inferSelect;

/**
 * DOMAIN 4: a check recorded on arrival waits here for its deposit; it is editable while
 * `recorded`. The deposit posts the payment, so a recorded check moves no money yet.
 */
export const recordedCheck = pgTable(
  'checks',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    unitUuid: uuid('unit_uuid').notNull(),
    number: text('number').notNull(),
    amount: centsColumn('amount').notNull(),
    /** The date written on the check. */
    date: date('date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<'recorded' | 'deposited' | 'returned'>().notNull().default('recorded'),
    depositUuid: uuid('deposit_uuid'),
    /** The `unitDepositReversal` of a returned check. */
    returnTransactionUuid: uuid('return_transaction_uuid'),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    index('checks_status_idx').on(t.buildingId, t.fiscalYear, t.status),
  ],
);

export interface DepositItem {
  kind: 'check' | 'cash';
  unitUuid: string;
  checkUuid: string | null;
  checkNumber: string | null;
  amount: Cents;
}

/** DOMAIN 4: a deposit of checks and cash in one bank; its payment is one `unitPayment` transaction. */
export const deposit = pgTable(
  'deposits',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    total: centsColumn('total').notNull(),
    items: jsonb('items').$type<DepositItem[]>().notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    index('deposits_date_idx').on(t.buildingId, t.fiscalYear, t.date),
  ],
);

/**
 * One row per automatic late fee or interest charge: the unique key makes the daily penalty run
 * idempotent (DOMAIN 5: at most one per unit account, billing month and kind).
 */
export const penaltyCharge = pgTable(
  'penalty_charges',
  {
    buildingId: uuid('building_id').notNull(),
    aid: integer('aid').notNull(),
    /** The billing month's 1st. */
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'unitLateFee' | 'unitInterestFee'>().notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.aid, t.month, t.kind] })],
);

/** DOMAIN 5: each arrears reminder sent, recorded on the unit; one per unit and month. */
export const unitReminder = pgTable(
  'unit_reminders',
  {
    buildingId: uuid('building_id').notNull(),
    unitUuid: uuid('unit_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    level: integer('level').notNull(),
    amount: centsColumn('amount').notNull(),
    emails: text('emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sentBy: jsonb('sent_by').$type<LogSource>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.unitUuid, t.month] })],
);

/**
 * Managers are alerted once per unit and arrears episode (the date its oldest unpaid charge
 * dates from), so a unit long in arrears does not alert every day.
 */
export const arrearsAlert = pgTable(
  'arrears_alerts',
  {
    buildingId: uuid('building_id').notNull(),
    unitUuid: uuid('unit_uuid').notNull(),
    since: date('since', { mode: 'string' }).notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.unitUuid, t.since] })],
);

/**
 * DOMAIN 6: a sale ends an ownership period. The unit gets a new ledger account from the sale
 * date; the old one (`oldAid`) is the former owner's, closed once settled.
 */
export const unitSale = pgTable(
  'unit_sales',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    unitUuid: uuid('unit_uuid').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    oldAid: integer('old_aid').notNull(),
    newAid: integer('new_aid').notNull(),
    balanceOption: text('balance_option').$type<'carry' | 'leave'>().notNull(),
    /** The former owners' balance on the day before the sale. */
    balanceAtSale: centsColumn('balance_at_sale').notNull(),
    formerOwners: jsonb('former_owners').$type<{ personUuid: string; name: string }[]>().notNull(),
    newOwners: jsonb('new_owners').$type<{ personUuid: string; name: string }[]>().notNull(),
    soldAndNeedToSetBalanceToZero: boolean('sold_and_need_to_set_balance_to_zero').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    uniqueIndex('unit_sales_old_aid_idx').on(t.buildingId, t.oldAid),
    index('unit_sales_unit_idx').on(t.buildingId, t.unitUuid),
  ],
);
