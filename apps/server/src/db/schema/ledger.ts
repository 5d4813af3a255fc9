import { sql } from 'drizzle-orm';
import { centsColumn } from '../money';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CancellationMeaning,
  Cents,
  PaymentMethod,
  TransactionKind,
  TransactionMeaning,
  TransactionStatus,
  TransactionView,
} from '@copro/domain';
import type { LogSource } from './platform';
import { ledgerAccount } from './registry';
import { fiscalYear } from './tenancy';

export interface TransactionComment {
  author: LogSource;
  comment: string;
  createdDate: string;
}
export interface TransactionCancellation {
  by: LogSource;
  /** As typed by a user, or the system's reason in the building's language. */
  reason: string;
  /** The system's reason as what it means, rendered in each reader's language (DESIGN 3). */
  meaning?: CancellationMeaning;
  date: string;
}

/**
 * SPEC 3 "Transaction". Posted once, never edited: a cancellation marks it cancelled with who and
 * why, and its lines stop counting in every balance. A deferred constraint trigger (migration
 * 0003) refuses, at commit, any transaction whose lines are all zero or do not sum to zero.
 */
export const ledgerTransaction = pgTable(
  'transactions',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /**
     * What a generated description means (DESIGN 3), rendered in each reader's language; null for
     * a description a user typed and for transactions posted before meanings were stored.
     */
    meaning: jsonb('meaning').$type<TransactionMeaning>(),
    kind: text('kind').$type<TransactionKind>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull().default('normal'),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    checkNumber: text('check_number'),
    deposit: text('deposit'),
    batch: text('batch'),
    attachments: jsonb('attachments').$type<TransactionView['attachments']>().notNull().default([]),
    comments: jsonb('comments').$type<TransactionComment[]>().notNull().default([]),
    cancelled: jsonb('cancelled').$type<TransactionCancellation | null>(),
    taxes: jsonb('taxes').$type<TransactionView['taxes']>().notNull().default([]),
    imported: boolean('imported').notNull().default(false),
    indexes: text('indexes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kind-specific fields (an invoice's number, a payment's partner status, …). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    index('transactions_year_date_idx').on(t.buildingId, t.fiscalYear, t.date),
  ],
);

/** A transaction's lines: an account and a signed amount in cents (positive debit, negative credit). */
export const subtransaction = pgTable(
  'subtransactions',
  {
    buildingId: uuid('building_id').notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
    line: smallint('line').notNull(),
    aid: integer('aid').notNull(),
    amount: centsColumn('amount').notNull(),
    checkNumber: text('check_number'),
    /** The transaction's date, kept on its lines so an account's lines of a month are one index range. */
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.transactionUuid, t.line] }),
    foreignKey({
      columns: [t.buildingId, t.transactionUuid],
      foreignColumns: [ledgerTransaction.buildingId, ledgerTransaction.uuid],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.buildingId, t.aid],
      foreignColumns: [ledgerAccount.buildingId, ledgerAccount.aid],
    }),
    index('subtransactions_account_date_idx').on(t.buildingId, t.aid, t.date),
  ],
);

/**
 * Each account's postings by month, kept in step with `subtransactions` and `transactions` by
 * statement-level triggers (migration 0010) in the same database transaction as the change, so
 * balances, trial balances and statements read a few rows per account instead of every posting.
 * `debits`/`credits` (positive) and `postings` count non-cancelled lines; `lines` counts every
 * line, cancelled or not, as an account's page lists them.
 */
const noCents = 0 as Cents;

export const accountMonth = pgTable(
  'account_months',
  {
    buildingId: uuid('building_id').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    aid: integer('aid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    debits: centsColumn('debits').notNull().default(noCents),
    credits: centsColumn('credits').notNull().default(noCents),
    postings: integer('postings').notNull().default(0),
    lines: integer('lines').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.fiscalYear, t.aid, t.month] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
  ],
);

/**
 * The balance check's bookkeeping (migration 0010): the transactions a database transaction
 * touched, and one row per database transaction that queues its deferred check. Both are empty
 * outside a database transaction that is writing the ledger.
 */
export const ledgerUnchecked = pgTable(
  'ledger_unchecked',
  {
    buildingId: uuid('building_id').notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.transactionUuid] })],
);

export const ledgerChecksDue = pgTable('ledger_checks_due', {
  txid: bigint('txid', { mode: 'number' }).primaryKey(),
});
