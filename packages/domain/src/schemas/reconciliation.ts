import { z } from 'zod';
import { centsSchema, isoDateSchema, limits, timestampSchema } from './common';
import { transactionKinds } from '../ledger/transaction';

/**
 * Bank reconciliation (DOMAIN 9, SPEC 3 "Reconciliation") and statement import: the forms and
 * API answers of a bank's chained periods, the transactions ticked in them and the bank
 * statements imported into them.
 *
 * Signs: an `amount` is what the transaction did to the bank account, as the bank's statement
 * shows it: positive = money in (a deposit, a statement credit), negative = money out (a check, a
 * statement debit). It is the bank line's ledger amount (a debit of the bank account is money in).
 */

// ---------------------------------------------------------------- periods

/** What changed in a reconciled period since it was reconciled (DOMAIN 9: re-checked, never silent). */
export const reconciliationChangeSchema = z.discriminatedUnion('kind', [
  /** An earlier period's closing balance changed, so this one's starting balance did. */
  z.object({ kind: z.literal('startingBalance'), before: centsSchema, after: centsSchema }),
  /** A transaction ticked in this period is no longer (unticked, moved to an earlier period, cancelled). */
  z.object({
    kind: z.enum(['uncleared', 'cancelled', 'clearedElsewhere']),
    transactionUuid: z.uuid(),
    date: isoDateSchema,
    description: z.string(),
    amount: centsSchema,
  }),
  /** A transaction ticked in this period since (e.g. moved here from an earlier period). */
  z.object({
    kind: z.literal('cleared'),
    transactionUuid: z.uuid(),
    date: isoDateSchema,
    description: z.string(),
    amount: centsSchema,
  }),
  /** The difference the period now shows (it was zero when reconciled). */
  z.object({ kind: z.literal('difference'), before: centsSchema, after: centsSchema }),
]);
export type ReconciliationChange = z.infer<typeof reconciliationChangeSchema>;

export const reconciliationStatementFileSchema = z.object({
  fileName: z.string(),
  size: z.number().int().min(0),
  uploadedAt: timestampSchema,
});

/** SPEC 3 "Reconciliation": one period of one bank account. */
export const reconciliationPeriodSchema = z.object({
  uuid: z.uuid(),
  bankUuid: z.uuid(),
  /** The fiscal year its start falls in. */
  fiscalYear: isoDateSchema,
  /** Inclusive: a transaction dated on the start belongs to the period (DOMAIN 9). */
  periodStart: isoDateSchema,
  /** Exclusive: a transaction dated on the end belongs to the next period. */
  periodEnd: isoDateSchema,
  /** The previous period's closing balance; typed only for a bank's first period. */
  startingBalance: centsSchema,
  /** Typed from the bank's statement; null until typed. */
  closingBalance: centsSchema.nullable(),
  isReconciled: z.boolean(),
  /** Money in ticked in this period (positive cents): the statement's credits. */
  clearedCredits: centsSchema,
  /** Money out ticked in this period (positive cents): the statement's debits. */
  clearedDebits: centsSchema,
  clearedCount: z.number().int().min(0),
  /** starting + credits − debits − closing; null while the closing balance is not typed. */
  difference: centsSchema.nullable(),
  /** The statement PDF (SPEC 5: at most one). */
  statement: reconciliationStatementFileSchema.nullable(),
  reconciledAt: timestampSchema.nullable(),
  reconciledBy: z.string().nullable(),
  /**
   * Set when an earlier period was corrected after this one was reconciled: the period was
   * reopened, and these are the changes found (empty when nothing it holds changed).
   */
  changes: z.array(reconciliationChangeSchema).nullable(),
  /** Only the latest period may be deleted. */
  deletable: z.boolean(),
});
export type ReconciliationPeriod = z.infer<typeof reconciliationPeriodSchema>;

/** A bank's reconciliation page: its periods (latest first) and what a new period would be. */
export const bankReconciliationSchema = z.object({
  bank: z.object({ uuid: z.uuid(), name: z.string(), aid: z.number().int() }),
  periods: z.array(reconciliationPeriodSchema),
  /** The next period's proposed dates and starting balance; its start is fixed once a period exists. */
  next: z.object({
    periodStart: isoDateSchema,
    periodEnd: isoDateSchema,
    startingBalance: centsSchema,
    /** Only a bank's first period takes a typed start and starting balance. */
    startEditable: z.boolean(),
  }),
});
export type BankReconciliation = z.infer<typeof bankReconciliationSchema>;

export const newPeriodSchema = z.object({
  /** Only for a bank's first period; later ones start at the previous end. */
  periodStart: isoDateSchema.optional(),
  periodEnd: isoDateSchema,
  /** Only for a bank's first period. */
  startingBalance: centsSchema.optional(),
  closingBalance: centsSchema.optional(),
});
export type NewPeriodInput = z.infer<typeof newPeriodSchema>;

export const periodEditSchema = z.object({
  periodEnd: isoDateSchema.optional(),
  /** null clears it. */
  closingBalance: centsSchema.nullable().optional(),
  /** Only for a bank's first period. */
  startingBalance: centsSchema.optional(),
});
export type PeriodEditInput = z.infer<typeof periodEditSchema>;

/** Tick or untick transactions in a period. */
export const clearingSchema = z.object({
  clear: z.array(z.uuid()).max(5000).default([]),
  unclear: z.array(z.uuid()).max(5000).default([]),
});
export type ClearingInput = z.infer<typeof clearingSchema>;

/** One transaction touching the bank, as a period's tick list shows it. */
export const reconciliationLineSchema = z.object({
  transactionUuid: z.uuid(),
  fiscalYear: isoDateSchema,
  date: isoDateSchema,
  /** In the reader's language. */
  description: z.string(),
  kind: z.enum(transactionKinds),
  checkNumber: z.string().nullable(),
  /** Positive money in, negative money out. */
  amount: centsSchema,
  /** Ticked in this period. */
  cleared: z.boolean(),
  /**
   * Dated before the period's start: left outstanding by an earlier period and carried forward
   * (whether ticked in this period or still outstanding).
   */
  carriedForward: z.boolean(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

export const periodLinesQuerySchema = z.object({
  show: z.enum(['all', 'cleared', 'uncleared']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});

/** A period with the page of its tick list; the totals cover the whole list. */
export const periodDetailSchema = z.object({
  period: reconciliationPeriodSchema,
  lines: z.array(reconciliationLineSchema),
  total: z.number().int().min(0),
  /** Not cleared by the period's end: outstanding deposits (money in) and checks (money out). */
  outstandingCredits: centsSchema,
  outstandingDebits: centsSchema,
  outstandingCount: z.number().int().min(0),
});
export type PeriodDetail = z.infer<typeof periodDetailSchema>;

// ---------------------------------------------------------------- statement import

export const statementFormats = ['csv', 'ofx'] as const;
export type StatementFormat = (typeof statementFormats)[number];

export const csvDateFormats = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY/MM/DD', 'DD-MM-YYYY'] as const;
export type CsvDateFormat = (typeof csvDateFormats)[number];

/**
 * How a bank's CSV reads, remembered per bank: the columns (0-based) of the date, the
 * description, and either one signed amount or separate money-out and money-in columns.
 */
export const csvMappingSchema = z
  .object({
    hasHeader: z.boolean(),
    date: z.number().int().min(0).max(99),
    dateFormat: z.enum(csvDateFormats),
    description: z.number().int().min(0).max(99),
    /** A signed amount: positive money in. */
    amount: z.number().int().min(0).max(99).optional(),
    /** Money out (the statement's debits), positive. */
    debit: z.number().int().min(0).max(99).optional(),
    /** Money in (the statement's credits), positive. */
    credit: z.number().int().min(0).max(99).optional(),
    checkNumber: z.number().int().min(0).max(99).optional(),
    /** "1 234,56" rather than "1,234.56". */
    decimalComma: z.boolean().default(false),
  })
  .refine((m) => m.amount !== undefined || (m.debit !== undefined && m.credit !== undefined), {
    message: 'validation.amountColumns',
    path: ['amount'],
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

export const statementLineStatuses = [
  /** A transaction matches; waiting for the user's confirmation. */
  'matched',
  /** No transaction matches. */
  'unmatched',
  /** The same line came in an earlier import of this bank: not added again. */
  'duplicate',
  /** Confirmed: its transaction is ticked in the period. */
  'confirmed',
  /** Turned into a bank entry (fee, interest), which is ticked in the period. */
  'entryCreated',
  /** Set aside by the user. */
  'ignored',
] as const;
export type StatementLineStatus = (typeof statementLineStatuses)[number];

export const statementMatchReasons = ['checkNumber', 'amountAndDate'] as const;

export const bankStatementLineSchema = z.object({
  id: z.number().int(),
  date: isoDateSchema,
  /** Positive money in, negative money out. */
  amount: centsSchema,
  description: z.string(),
  checkNumber: z.string().nullable(),
  status: z.enum(statementLineStatuses),
  match: z
    .object({
      transactionUuid: z.uuid(),
      date: isoDateSchema,
      description: z.string(),
      amount: centsSchema,
      checkNumber: z.string().nullable(),
      reason: z.enum(statementMatchReasons),
    })
    .nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const statementImportSchema = z.object({
  uuid: z.uuid(),
  periodUuid: z.uuid(),
  fileName: z.string(),
  format: z.enum(statementFormats),
  /** A CSV whose columns are not mapped yet: its first rows, to map them. */
  needsMapping: z
    .object({ rows: z.array(z.array(z.string())).max(10), suggested: csvMappingSchema.nullable() })
    .nullable(),
  mapping: csvMappingSchema.nullable(),
  lines: z.array(bankStatementLineSchema),
  createdAt: timestampSchema,
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const confirmMatchesSchema = z.object({
  /** The lines whose match the user confirms; a line may be given another transaction. */
  lines: z
    .array(z.object({ lineId: z.number().int(), transactionUuid: z.uuid() }))
    .min(1)
    .max(5000),
});
export type ConfirmMatchesInput = z.infer<typeof confirmMatchesSchema>;

export const lineEntryKinds = ['bankFee', 'bankInterestReceived', 'bankInterestPaid'] as const;
export const lineEntrySchema = z.object({
  kind: z.enum(lineEntryKinds),
  /** The category it goes to; the default chart's bank fees or interest income otherwise. */
  categoryUuid: z.uuid().optional(),
  description: z.string().trim().min(1).max(limits.displayName).optional(),
});
export type LineEntryInput = z.infer<typeof lineEntrySchema>;

// ---------------------------------------------------------------- bank reports (banks/reports)

export const bankReports = ['balances', 'reconciliation-status', 'outstanding'] as const;
export type BankReport = (typeof bankReports)[number];
export const isBankReport = (value: string): value is BankReport =>
  (bankReports as readonly string[]).includes(value);
