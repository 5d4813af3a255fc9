import type {
  AgreementFlag,
  DebitAmountBasis,
  OrderDirection,
  OtonomStatus,
  PadChannel,
  PadFileFormat,
  PadFileKind,
  PadSettings,
  ReturnCode,
} from '@copro/domain';
import { centsColumn } from '../money';
import {
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
import { sql } from 'drizzle-orm';
import type { LogSource } from './platform';
import { building, fiscalYear } from './tenancy';

/**
 * Pre-authorized debits and electronic payments through the payment partner (DOMAIN 8): the
 * area's settings per building, each unit's agreement, every order (a unit's debit or a
 * supplier's credit) with its status history, and the files sent. Unit and supplier uuids are the
 * registry's stable ones (the same in every fiscal year), so agreements run on across year ends.
 */

/** The area's settings of a building, and the next CPA-005 file creation number (never repeats). */
export const padSetting = pgTable('pad_settings', {
  buildingId: uuid('building_id')
    .primaryKey()
    .references(() => building.id, { onDelete: 'cascade' }),
  channel: text('channel').$type<PadChannel>().notNull().default('otonom'),
  debitAmount: text('debit_amount').$type<DebitAmountBasis>().notNull().default('monthlyFee'),
  bankUuid: uuid('bank_uuid'),
  cpa005: jsonb('cpa005').$type<PadSettings['cpa005'] | null>(),
  nextFileNumber: integer('next_file_number').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface StoredAgreementFile {
  fileId: string;
  fileName: string;
  size: number;
  uploadedAt: string;
}
export interface AgreementNotice {
  sentAt: string;
  recipients: string[];
  firstDebitOn: string;
}

/** A unit's PAD agreement: the signed copy, the written notice, and a return's flag. */
export const padAgreement = pgTable(
  'pad_agreements',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    unitUuid: uuid('unit_uuid').notNull(),
    signedFile: jsonb('signed_file').$type<StoredAgreementFile | null>(),
    notice: jsonb('notice').$type<AgreementNotice | null>(),
    flag: text('flag').$type<AgreementFlag | null>(),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.unitUuid] })],
);

export interface OrderHistoryEntry {
  status: OtonomStatus;
  at: string;
  source: LogSource;
  by: string;
  returnCode: ReturnCode | null;
  /** The day it happened in the building (the reversal's date for a return or refund). */
  date?: string;
}

/**
 * One order: a unit's debit (`month` set for the monthly one: at most one per unit and month) or a
 * supplier payment's credit (at most one per payment). Its transactions are the ledger's: the
 * payment posted when the money moved, its reversal and the returned-payment fee.
 */
export const padOrder = pgTable(
  'pad_orders',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    /** The fiscal year of its due date: the ledger postings go there. */
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    direction: text('direction').$type<OrderDirection>().notNull(),
    unitUuid: uuid('unit_uuid'),
    supplierUuid: uuid('supplier_uuid'),
    supplierPaymentUuid: uuid('supplier_payment_uuid'),
    name: text('name').notNull(),
    amount: centsColumn('amount').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    month: text('month'),
    status: text('status').$type<OtonomStatus>().notNull(),
    /** Short and unique in the building: the CPA-005 cross-reference and the partner's reference. */
    reference: text('reference').notNull(),
    fileUuid: uuid('file_uuid'),
    transactionUuid: uuid('transaction_uuid'),
    reversalUuid: uuid('reversal_uuid'),
    feeUuid: uuid('fee_uuid'),
    returnCode: text('return_code').$type<ReturnCode | null>(),
    history: jsonb('history').$type<OrderHistoryEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    uniqueIndex('pad_orders_reference_idx').on(t.buildingId, t.reference),
    uniqueIndex('pad_orders_month_idx')
      .on(t.buildingId, t.unitUuid, t.month)
      .where(sql`${t.month} is not null`),
    uniqueIndex('pad_orders_payment_idx')
      .on(t.buildingId, t.supplierPaymentUuid)
      .where(sql`${t.supplierPaymentUuid} is not null`),
    index('pad_orders_status_idx').on(t.buildingId, t.status, t.dueDate),
    index('pad_orders_unit_idx').on(t.buildingId, t.unitUuid, t.dueDate),
    index('pad_orders_file_idx').on(t.buildingId, t.fileUuid),
  ],
);

/** A file sent to the partner or created for the bank; its content is kept (downloadable for 30 days' list). */
export const padFile = pgTable(
  'pad_files',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    kind: text('kind').$type<PadFileKind>().notNull(),
    format: text('format').$type<PadFileFormat>().notNull(),
    creationNumber: integer('creation_number'),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    count: integer('count').notNull(),
    total: centsColumn('total').notNull(),
    delivery: text('delivery').$type<'sent' | 'created'>().notNull(),
    partnerFileId: text('partner_file_id'),
    sentBy: jsonb('sent_by').$type<LogSource>().notNull(),
    sentByName: text('sent_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    uniqueIndex('pad_files_creation_number_idx')
      .on(t.buildingId, t.creationNumber)
      .where(sql`${t.creationNumber} is not null`),
    index('pad_files_created_idx').on(t.buildingId, t.createdAt),
  ],
);
