import type {
  Cents,
  CsvMapping,
  ReconciliationChange,
  StatementFormat,
  StatementLineStatus,
} from '@copro/domain';
import { centsColumn } from '../money';
import {
  boolean,
  date,
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
import { building } from './tenancy';

/**
 * Bank reconciliation (DOMAIN 9): a bank's chained periods, the transactions ticked in them, and
 * the bank statements imported into them. Bank uuids are the registry's stable uuids (the same in
 * every fiscal year), so a bank's periods run on across year ends.
 */

/** What a period held when it was reconciled, to show what a later correction changed. */
export interface ReconciledSnapshot {
  startingBalance: Cents;
  /** Each transaction ticked, with its amount for the bank then. */
  cleared: { uuid: string; amount: Cents }[];
}

export interface StoredStatementFile {
  fileId: string;
  fileName: string;
  size: number;
  uploadedAt: string;
}

export const reconciliationPeriod = pgTable(
  'reconciliation_periods',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    /** The fiscal year the start falls in. */
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    /** Inclusive. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** Exclusive: the next period's start. */
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    startingBalance: centsColumn('starting_balance').notNull(),
    closingBalance: centsColumn('closing_balance'),
    isReconciled: boolean('is_reconciled').notNull().default(false),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    reconciledBy: jsonb('reconciled_by').$type<LogSource>(),
    /** Set when reconciled, kept when reopened: what later re-checks compare against. */
    snapshot: jsonb('snapshot').$type<ReconciledSnapshot>(),
    /** What a correction of an earlier period changed here; null when not reopened by one. */
    changes: jsonb('changes').$type<ReconciliationChange[]>(),
    statementFile: jsonb('statement_file').$type<StoredStatementFile>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    uniqueIndex('reconciliation_periods_bank_start_idx').on(t.buildingId, t.bankUuid, t.periodStart),
  ],
);

/** A transaction ticked as cleared for a bank, in one period. */
export const reconciliationClearing = pgTable(
  'reconciliation_clearings',
  {
    buildingId: uuid('building_id').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
    periodUuid: uuid('period_uuid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.bankUuid, t.transactionUuid] }),
    foreignKey({
      columns: [t.buildingId, t.periodUuid],
      foreignColumns: [reconciliationPeriod.buildingId, reconciliationPeriod.uuid],
    }).onDelete('cascade'),
    index('reconciliation_clearings_period_idx').on(t.buildingId, t.periodUuid),
  ],
);

/** A bank statement file imported into a period. The same file (by its hash) is imported once per bank. */
export const statementImport = pgTable(
  'statement_imports',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    periodUuid: uuid('period_uuid').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').$type<StatementFormat>().notNull(),
    /** SHA-256 of the file's bytes. */
    fileHash: text('file_hash').notNull(),
    /** A CSV's text, kept until its columns are mapped. */
    content: text('content'),
    mapping: jsonb('mapping').$type<CsvMapping>(),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.periodUuid],
      foreignColumns: [reconciliationPeriod.buildingId, reconciliationPeriod.uuid],
    }).onDelete('cascade'),
    uniqueIndex('statement_imports_file_idx').on(t.buildingId, t.bankUuid, t.fileHash),
  ],
);

/**
 * One line of an imported statement. Its fingerprint (the OFX FITID, or the line's date, amount,
 * description and rank among identical lines of its file) is unique per bank among lines that are
 * not duplicates, so a line imported again from another file is kept only as a `duplicate`.
 */
export const statementLine = pgTable(
  'statement_lines',
  {
    buildingId: uuid('building_id').notNull(),
    importUuid: uuid('import_uuid').notNull(),
    id: integer('id').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: centsColumn('amount').notNull(),
    description: text('description').notNull(),
    checkNumber: text('check_number'),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').$type<StatementLineStatus>().notNull(),
    /** The matched (or confirmed, or created) transaction. */
    transactionUuid: uuid('transaction_uuid'),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.importUuid, t.id] }),
    foreignKey({
      columns: [t.buildingId, t.importUuid],
      foreignColumns: [statementImport.buildingId, statementImport.uuid],
    }).onDelete('cascade'),
    index('statement_lines_fingerprint_idx').on(t.buildingId, t.bankUuid, t.fingerprint),
  ],
);

/** A bank's CSV column mapping, remembered for its next import. */
export const bankCsvMapping = pgTable(
  'bank_csv_mappings',
  {
    buildingId: uuid('building_id').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    mapping: jsonb('mapping').$type<CsvMapping>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.bankUuid] })],
);
