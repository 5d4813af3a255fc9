import { sql } from 'drizzle-orm';
import type { AttachmentRef, BillbackRule, Cents, SupplierPaymentMethod, TaxCode } from '@copro/domain';
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogSource } from './platform';
import { fiscalYear } from './tenancy';

/**
 * Money out (DOMAIN 7): the payables area's own records beside the ledger transactions they post.
 * Supplier and category uuids are the registry's stable uuids (the same in every fiscal year).
 */

export interface InvoiceLine {
  categoryUuid: string;
  description?: string;
  amount: Cents;
}
export interface InvoiceTax {
  code: TaxCode;
  amount: Cents;
}

/**
 * A supplier invoice or credit note and its `supplierInvoice` transaction. The number is unique per
 * supplier among invoices that are not cancelled (SPEC 5), so a cancelled one's number can be reused.
 */
export const supplierInvoice = pgTable(
  'supplier_invoices',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    supplierUuid: uuid('supplier_uuid').notNull(),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    creditNote: boolean('credit_note').notNull().default(false),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull().default([]),
    subtotal: centsColumn('subtotal').notNull(),
    total: centsColumn('total').notNull(),
    notes: text('notes').notNull().default(''),
    attachments: jsonb('attachments').$type<AttachmentRef[]>().notNull().default([]),
    transactionUuid: uuid('transaction_uuid').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    uniqueIndex('supplier_invoices_number_idx')
      .on(t.buildingId, t.supplierUuid, t.number)
      .where(sql`not ${t.cancelled}`),
    index('supplier_invoices_date_idx').on(t.buildingId, t.fiscalYear, t.date),
    index('supplier_invoices_supplier_idx').on(t.buildingId, t.supplierUuid, t.date),
    index('supplier_invoices_transaction_idx').on(t.buildingId, t.transactionUuid),
  ],
);

/** One unit's share of an invoice billed back (`unitSupplierBillback` transaction). */
export const invoiceBillback = pgTable(
  'invoice_billbacks',
  {
    buildingId: uuid('building_id').notNull(),
    transactionUuid: uuid('transaction_uuid').notNull(),
    invoiceUuid: uuid('invoice_uuid').notNull(),
    unitUuid: uuid('unit_uuid').notNull(),
    rule: text('rule').$type<BillbackRule>().notNull(),
    amount: centsColumn('amount').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.transactionUuid] }),
    index('invoice_billbacks_invoice_idx').on(t.buildingId, t.invoiceUuid),
  ],
);

export interface PaymentNote {
  author: LogSource;
  note: string;
  at: string;
}
export interface CheckVoid {
  reason: string;
  at: string;
  by: LogSource;
}

/**
 * A supplier payment. While its approval is pending (or rejected) it moves no money: the
 * `supplierPayment` transaction is posted when it needs no approval or once approved.
 */
export const supplierPayment = pgTable(
  'supplier_payments',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    supplierUuid: uuid('supplier_uuid').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').$type<SupplierPaymentMethod>().notNull(),
    /** From the bank: invoices − credit notes. */
    amount: centsColumn('amount').notNull(),
    memo: text('memo').notNull().default(''),
    status: text('status').$type<'pending' | 'posted' | 'cancelled'>().notNull(),
    approvalStatus: text('approval_status')
      .$type<'notRequired' | 'pending' | 'approved' | 'rejected'>()
      .notNull(),
    approvalsRequired: smallint('approvals_required').notNull().default(0),
    notes: jsonb('notes').$type<PaymentNote[]>().notNull().default([]),
    transactionUuid: uuid('transaction_uuid'),
    /** A recurring bill's payment made outside Copro. */
    recurringBillUuid: uuid('recurring_bill_uuid'),
    checkNumber: text('check_number'),
    checkPrintedAt: timestamp('check_printed_at', { withTimezone: true }),
    checkVoided: jsonb('check_voided').$type<CheckVoid | null>(),
    cancelled: jsonb('cancelled').$type<{ reason: string; by: LogSource; at: string } | null>(),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    index('supplier_payments_date_idx').on(t.buildingId, t.fiscalYear, t.date),
    index('supplier_payments_approval_idx').on(t.buildingId, t.approvalStatus),
    uniqueIndex('supplier_payments_check_idx')
      .on(t.buildingId, t.bankUuid, t.checkNumber)
      .where(sql`${t.checkNumber} is not null and ${t.checkVoided} is null`),
  ],
);

/** What a payment pays (an invoice) or uses (a credit note), and how much of it. */
export const paymentAllocation = pgTable(
  'payment_allocations',
  {
    buildingId: uuid('building_id').notNull(),
    paymentUuid: uuid('payment_uuid').notNull(),
    invoiceUuid: uuid('invoice_uuid').notNull(),
    /** An invoice paid or a credit note used. */
    creditNote: boolean('credit_note').notNull(),
    amount: centsColumn('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.paymentUuid, t.invoiceUuid] }),
    index('payment_allocations_invoice_idx').on(t.buildingId, t.invoiceUuid),
  ],
);

/** Each approver's decision on a payment: one per approver (DOMAIN 7: each approves once). */
export const paymentDecision = pgTable(
  'payment_decisions',
  {
    buildingId: uuid('building_id').notNull(),
    paymentUuid: uuid('payment_uuid').notNull(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    decision: text('decision').$type<'approved' | 'rejected'>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.paymentUuid, t.userId] }),
    index('payment_decisions_user_idx').on(t.buildingId, t.userId),
  ],
);

/** The approval rules beyond the building's count and methods: one row per building. */
export const approvalRule = pgTable('approval_rules', {
  buildingId: uuid('building_id').primaryKey(),
  minimumAmount: centsColumn('minimum_amount'),
  suppliers: jsonb('suppliers')
    .$type<{ supplierUuid: string; rule: 'always' | 'never' }[]>()
    .notNull()
    .default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The next check number of each bank (DOMAIN 7). */
export const checkNumbering = pgTable(
  'check_numbering',
  {
    buildingId: uuid('building_id').notNull(),
    bankUuid: uuid('bank_uuid').notNull(),
    nextNumber: integer('next_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.bankUuid] })],
);

/** SPEC 3 "Recurring bill", held by the building (supplier null) or by a supplier. */
export const recurringBill = pgTable(
  'recurring_bills',
  {
    buildingId: uuid('building_id').notNull(),
    uuid: uuid('uuid').notNull(),
    supplierUuid: uuid('supplier_uuid'),
    description: text('description').notNull(),
    amount: centsColumn('amount').notNull(),
    billingDay: smallint('billing_day').notNull(),
    paymentDay: smallint('payment_day'),
    categoryUuid: uuid('category_uuid').notNull(),
    counterpartUuid: uuid('counterpart_uuid').notNull(),
    paymentMethod: text('payment_method').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    archived: boolean('archived').notNull().default(false),
    createdBy: jsonb('created_by').$type<LogSource>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.uuid] })],
);

/** Each holder's list of billing days (SPEC 5); the building's own list has no supplier ('' key). */
export const recurringBillingDays = pgTable(
  'recurring_billing_days',
  {
    buildingId: uuid('building_id').notNull(),
    holder: text('holder').notNull(),
    days: smallint('days')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.holder] })],
);

/** One row per recurring bill, month and kind posted: the key makes the daily run idempotent. */
export const recurringBillPosting = pgTable(
  'recurring_bill_postings',
  {
    buildingId: uuid('building_id').notNull(),
    billUuid: uuid('bill_uuid').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'recurringBill' | 'recurringBillPayment'>().notNull(),
    transactionUuid: uuid('transaction_uuid'),
    paymentUuid: uuid('payment_uuid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.billUuid, t.month, t.kind] })],
);

/**
 * Bank details of a supplier or a unit, encrypted (AES-256-GCM) with the server's key; only the
 * redacted form is ever answered, but to a logged "view" by a finance writer.
 */
export const bankDetails = pgTable(
  'bank_details',
  {
    buildingId: uuid('building_id').notNull(),
    ownerKind: text('owner_kind').$type<'supplier' | 'unit'>().notNull(),
    ownerUuid: uuid('owner_uuid').notNull(),
    ciphertext: text('ciphertext').notNull(),
    institution: text('institution').notNull(),
    transit: text('transit').notNull(),
    redactedAccount: text('redacted_account').notNull(),
    holderName: text('holder_name').notNull(),
    updatedBy: jsonb('updated_by').$type<LogSource>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.ownerKind, t.ownerUuid] })],
);
