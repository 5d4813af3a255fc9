import { z } from 'zod';
import { attachmentRefSchema } from '../ledger/transaction';
import { agingBuckets } from './receivables';
import { taxCodes, type PaymentMethod } from './building';
import {
  accountNumberSchema,
  centsSchema,
  institutionNumberSchema,
  isoDateSchema,
  limits,
  nameSchema,
  nonNegativeCentsSchema,
  notesSchema,
  timestampSchema,
  transitNumberSchema,
} from './common';
import { logSourceSchema } from './logs';
import { recordUuidSchema } from './registry';

/**
 * Money out (DOMAIN 7, SPEC 3 "Supplier", "Transaction" supplierInvoice/supplierPayment, "Recurring
 * bill"): the forms and API answers of supplier invoices and credit notes, billbacks, supplier
 * payments and their approvals, printed checks, recurring bills and bank details. Amounts are
 * positive cents; the service gives them their sign in the ledger.
 */

const positiveCents = z.number().int().min(1).max(1e11).brand<'Cents'>();
const description = z.string().trim().min(1).max(limits.displayName);

// ---------------------------------------------------------------- bank details

/** SPEC 5: institution 3 digits, transit 5, account 5-20; digits only. */
export const bankDetailsSchema = z.object({
  institution: institutionNumberSchema,
  transit: transitNumberSchema,
  account: accountNumberSchema,
  holderName: nameSchema,
});
export type BankDetailsInput = z.infer<typeof bankDetailsSchema>;

/** What every reader sees of stored details: never the full account number. */
export const redactedBankDetailsSchema = z.object({
  institution: z.string(),
  transit: z.string(),
  /** The account's last 3 digits behind bullets, e.g. "•••••456". */
  redactedAccount: z.string(),
  holderName: z.string(),
  updatedAt: timestampSchema,
});
export type RedactedBankDetails = z.infer<typeof redactedBankDetailsSchema>;
export const bankDetailsAnswerSchema = z.object({ details: redactedBankDetailsSchema.nullable() });
/** The full details, answered only by the logged "view" call of a finance writer. */
export const revealedBankDetailsSchema = bankDetailsSchema.extend({ updatedAt: timestampSchema });
export type RevealedBankDetails = z.infer<typeof revealedBankDetailsSchema>;

// ---------------------------------------------------------------- supplier invoices

/** SPEC 5: an invoice number is 1 to 100 characters, with no slash or pound sign. */
export const invoiceNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((n) => !/[/#]/.test(n), { message: 'validation.invoiceNumberCharacters' });

export const invoiceLineSchema = z.object({
  /** An expense category (uuid). */
  categoryUuid: recordUuidSchema,
  description: z.string().trim().max(limits.displayName).optional(),
  /** Before taxes. */
  amount: positiveCents,
});
export type InvoiceLineInput = z.infer<typeof invoiceLineSchema>;

/** A tax as entered on the invoice; the form presets it from the building's active rates. */
export const invoiceTaxSchema = z.object({ code: z.enum(taxCodes), amount: nonNegativeCentsSchema });

export const supplierInvoiceSchema = z.object({
  supplierUuid: recordUuidSchema,
  number: invoiceNumberSchema,
  date: isoDateSchema,
  dueDate: isoDateSchema.optional(),
  /** A credit note from the supplier (money it owes the building), used by later payments. */
  creditNote: z.boolean().optional(),
  lines: z.array(invoiceLineSchema).min(1).max(50),
  taxes: z.array(invoiceTaxSchema).max(taxCodes.length),
  notes: notesSchema.optional(),
  /** Files uploaded first with POST …/supplier-invoices/files (PDF only; at most 5). */
  attachments: z.array(attachmentRefSchema).max(5, { message: 'validation.tooManyFiles' }).optional(),
});
export type SupplierInvoiceInput = z.infer<typeof supplierInvoiceSchema>;

export const invoiceStatuses = ['unpaid', 'pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const supplierInvoiceViewSchema = z.object({
  uuid: z.guid(),
  /** The `supplierInvoice` transaction. */
  transactionUuid: z.guid(),
  fiscalYear: isoDateSchema,
  supplierUuid: z.guid(),
  supplierName: z.string(),
  number: z.string(),
  date: isoDateSchema,
  dueDate: isoDateSchema.nullable(),
  creditNote: z.boolean(),
  lines: z.array(invoiceLineSchema.extend({ categoryName: z.string() })),
  taxes: z.array(invoiceTaxSchema),
  subtotal: centsSchema,
  total: centsSchema,
  /** Paid by posted payments (for a credit note: used by them). */
  paid: centsSchema,
  /** Held by payments awaiting approval. */
  pending: centsSchema,
  /** total − paid − pending (for a credit note: unused). */
  unpaid: centsSchema,
  /** Billed back to units. */
  billedBack: centsSchema,
  status: z.enum(invoiceStatuses),
  notes: z.string(),
  attachments: z.array(attachmentRefSchema),
  createdAt: timestampSchema,
});
export type SupplierInvoiceView = z.infer<typeof supplierInvoiceViewSchema>;

export const invoiceListFilters = ['all', 'unpaid', 'pending', 'paid', 'creditNotes', 'cancelled'] as const;
export const invoiceListQuerySchema = z.object({
  status: z.enum(invoiceListFilters).optional(),
  supplierUuid: recordUuidSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  q: z.string().max(limits.name).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceListSchema = z.object({
  items: z.array(supplierInvoiceViewSchema),
  total: z.number().int(),
  /** Sums over every invoice the filters match, not only this page. */
  totals: z.object({ total: centsSchema, paid: centsSchema, pending: centsSchema, unpaid: centsSchema }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** A supplier's standing: what the building owes it, its unpaid invoices and unused credit notes. */
export const supplierPayablesSchema = z.object({
  supplierUuid: z.guid(),
  /** The supplier account's balance, as owed by the building (positive: the building owes). */
  balanceOwed: centsSchema,
  unpaidInvoices: z.array(supplierInvoiceViewSchema),
  unusedCreditNotes: z.array(supplierInvoiceViewSchema),
});
export type SupplierPayables = z.infer<typeof supplierPayablesSchema>;

export const cancelInvoiceSchema = z.object({ reason: z.string().trim().min(1).max(limits.notes) });

// ---------------------------------------------------------------- reading an invoice from a PDF

export const prefillConfidences = ['high', 'medium', 'low'] as const;
const prefilled = <T extends z.ZodType>(value: T) =>
  z.object({ value, confidence: z.enum(prefillConfidences) }).nullable();

/** What was read from an invoice's PDF, each field with how sure the reading is, for the user to confirm. */
export const invoicePrefillSchema = z.object({
  supplierUuid: prefilled(z.guid()),
  number: prefilled(z.string()),
  date: prefilled(isoDateSchema),
  total: prefilled(centsSchema),
  taxes: z.array(
    z.object({ code: z.enum(taxCodes), amount: centsSchema, confidence: z.enum(prefillConfidences) }),
  ),
  /** How the text was obtained: the PDF's own text, or OCR of a scanned page. */
  source: z.enum(['text', 'ocr']),
  /** The stored file, ready to attach to the invoice. */
  attachment: attachmentRefSchema,
});
export type InvoicePrefill = z.infer<typeof invoicePrefillSchema>;

// ---------------------------------------------------------------- billbacks

export const billbackRules = ['voteShare', 'equal', 'amounts'] as const;
export type BillbackRule = (typeof billbackRules)[number];

export const billbackSchema = z.object({
  /** How much of the invoice's total is billed back. */
  amount: positiveCents,
  rule: z.enum(billbackRules),
  /** Units sharing it (voteShare, equal), or each unit's amount (amounts: they must add up to `amount`). */
  units: z
    .array(z.object({ unitUuid: recordUuidSchema, amount: positiveCents.optional() }))
    .min(1)
    .max(5000),
  date: isoDateSchema,
  description: description.optional(),
});
export type BillbackInput = z.infer<typeof billbackSchema>;

export const billbackViewSchema = z.object({
  transactionUuid: z.guid(),
  invoiceUuid: z.guid(),
  unitUuid: z.guid(),
  unitNumber: z.string(),
  amount: centsSchema,
  date: isoDateSchema,
  cancelled: z.boolean(),
});
export type BillbackView = z.infer<typeof billbackViewSchema>;
export const billbacksAnswerSchema = z.object({ billbacks: z.array(billbackViewSchema) });

// ---------------------------------------------------------------- supplier payments

/** How a supplier is paid: every SPEC method but a credit note, which is used beside one. */
export const supplierPaymentMethods = [
  'check',
  'wire-transfer',
  'otonom',
  'pre-authorized-debit',
  'credit-card',
  'debit-card',
  'cash',
] as const satisfies readonly PaymentMethod[];
export type SupplierPaymentMethod = (typeof supplierPaymentMethods)[number];

export const supplierPaymentSchema = z.object({
  supplierUuid: recordUuidSchema,
  bankUuid: recordUuidSchema,
  date: isoDateSchema,
  paymentMethod: z.enum(supplierPaymentMethods),
  /** SPEC 5: at least one invoice, each at most once. */
  invoices: z
    .array(z.object({ invoiceUuid: recordUuidSchema, amount: positiveCents }))
    .min(1, { message: 'validation.paymentNeedsInvoice' })
    .max(200),
  creditNotes: z.array(z.object({ invoiceUuid: recordUuidSchema, amount: positiveCents })).max(50),
  memo: z.string().trim().max(limits.displayName).optional(),
  /** Confirms a payment that takes the bank under the building's low-balance threshold. */
  acceptLowBalance: z.boolean().optional(),
});
export type SupplierPaymentInput = z.infer<typeof supplierPaymentSchema>;

export const approvalStatuses = ['notRequired', 'pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];
export const supplierPaymentStatuses = ['pending', 'posted', 'cancelled'] as const;

export const approvalDecisionViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  decision: z.enum(['approved', 'rejected']),
  at: timestampSchema,
});
export const paymentNoteViewSchema = z.object({
  author: logSourceSchema,
  note: z.string(),
  at: timestampSchema,
});

export const supplierPaymentViewSchema = z.object({
  uuid: z.guid(),
  fiscalYear: isoDateSchema,
  supplierUuid: z.guid(),
  supplierName: z.string(),
  bankUuid: z.guid(),
  bankName: z.string(),
  date: isoDateSchema,
  paymentMethod: z.enum(supplierPaymentMethods),
  /** Paid from the bank: invoices − credit notes. */
  amount: centsSchema,
  invoices: z.array(z.object({ invoiceUuid: z.guid(), number: z.string(), amount: centsSchema })),
  creditNotes: z.array(z.object({ invoiceUuid: z.guid(), number: z.string(), amount: centsSchema })),
  memo: z.string(),
  /** pending: waits for approval and moves no money; posted: in the ledger. */
  status: z.enum(supplierPaymentStatuses),
  approvalStatus: z.enum(approvalStatuses),
  approvalsRequired: z.number().int().min(0).max(4),
  approvals: z.array(approvalDecisionViewSchema),
  notes: z.array(paymentNoteViewSchema),
  /** The `supplierPayment` transaction once posted. */
  transactionUuid: z.guid().nullable(),
  checkNumber: z.string().nullable(),
  checkPrinted: z.boolean(),
  checkVoided: z.object({ reason: z.string(), at: timestampSchema }).nullable(),
  createdBy: logSourceSchema,
  createdAt: timestampSchema,
  /** For the reader: may they approve or reject it now. */
  canDecide: z.boolean(),
});
export type SupplierPaymentView = z.infer<typeof supplierPaymentViewSchema>;

/** The answer to a new payment: the payment, or the warning that asks to confirm a low balance. */
export const supplierPaymentSavedSchema = z.object({
  payment: supplierPaymentViewSchema.nullable(),
  lowBalance: z
    .object({ balanceAfter: centsSchema, threshold: centsSchema, bankName: z.string() })
    .nullable(),
});
export type SupplierPaymentSaved = z.infer<typeof supplierPaymentSavedSchema>;

/** DOMAIN 7 approvals page filters. */
export const approvalFilters = [
  'waitingForMe',
  'all',
  'approved',
  'approvedAndPaid',
  'approvedPendingPayment',
  'released',
  'pendingApproval',
  'rejected',
  'approvedByMe',
  'rejectedByMe',
] as const;
export const paymentListQuerySchema = z.object({
  filter: z.enum(approvalFilters).optional(),
  supplierUuid: recordUuidSchema.optional(),
  paymentMethod: z.enum(supplierPaymentMethods).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(500).optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;
export const paymentListSchema = z.object({
  items: z.array(supplierPaymentViewSchema),
  total: z.number().int(),
});

export const approvalDecisionSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().max(limits.notes).optional(),
});
export const paymentNoteSchema = z.object({ note: z.string().trim().min(1).max(limits.notes) });
export const cancelPaymentSchema = z.object({ reason: z.string().trim().min(1).max(limits.notes) });

/** Approval rules beyond the building's count and methods (DOMAIN 7). */
export const approvalRulesSchema = z.object({
  /** Payments up to this amount need no approval; null: every amount. */
  minimumAmount: nonNegativeCentsSchema.nullable(),
  /** Suppliers whose payments always, or never, need approval, whatever the method and amount. */
  suppliers: z
    .array(z.object({ supplierUuid: recordUuidSchema, rule: z.enum(['always', 'never']) }))
    .max(500),
});
export type ApprovalRules = z.infer<typeof approvalRulesSchema>;

// ---------------------------------------------------------------- checks

/** SPEC 8 check-print denial reasons, exactly. */
export const checkDenialReasons = [
  'TransactionNotSupplierPaymentByCheck',
  'TransactionNotApproved',
  'MultipleSuppliers',
] as const;
export type CheckDenialReason = (typeof checkDenialReasons)[number];

export const checkPrintSchema = z.object({
  paymentUuids: z.array(z.guid()).min(1).max(200),
  /** Reprint keeps the numbers already given; a first print takes the bank's next numbers. */
  reprint: z.boolean().optional(),
});
export const checkVoidSchema = z.object({ reason: z.string().trim().min(1).max(limits.notes) });
export const checkNumberingSchema = z.object({ nextCheckNumber: z.number().int().min(1).max(99999999) });
export const checkNumberingViewSchema = z.object({ bankUuid: z.guid(), nextCheckNumber: z.number().int() });

// ---------------------------------------------------------------- recurring bills

/** SPEC 3: how a recurring bill is paid. */
export const recurringPaymentMethods = [
  'otonom',
  'wire-transfer',
  'pre-authorized-debit',
  'credit-card',
  'debit-card',
] as const;
export const dayOfMonthSchema = z.number().int().min(1).max(31);

export const recurringBillSchema = z.object({
  /** The supplier holding it; absent: the building's own (a direct debit from the bank). */
  supplierUuid: recordUuidSchema.optional(),
  description,
  amount: positiveCents,
  billingDay: dayOfMonthSchema,
  /** A supplier's bills are paid on this day; the building's are debited on the billing day. */
  paymentDay: dayOfMonthSchema.optional(),
  /** The expense category. */
  categoryUuid: recordUuidSchema,
  /** The bank that pays it. */
  counterpartUuid: recordUuidSchema,
  paymentMethod: z.enum(recurringPaymentMethods),
  startDate: isoDateSchema,
  endDate: isoDateSchema.optional(),
});
export type RecurringBillInput = z.infer<typeof recurringBillSchema>;

export const billingDaysSchema = z.object({
  supplierUuid: recordUuidSchema.optional(),
  days: z.array(dayOfMonthSchema).max(31),
});
export type BillingDaysInput = z.infer<typeof billingDaysSchema>;

export const recurringBillViewSchema = recurringBillSchema.extend({
  uuid: z.guid(),
  supplierName: z.string().nullable(),
  categoryName: z.string(),
  counterpartName: z.string(),
  /** The latest month it was posted for (YYYY-MM-01), if any. */
  lastPostedMonth: isoDateSchema.nullable(),
  /** An archived bill is no longer posted (the list answers only the others). */
  archived: z.boolean(),
  createdAt: timestampSchema,
});
export type RecurringBillView = z.infer<typeof recurringBillViewSchema>;
export const recurringBillsAnswerSchema = z.object({
  bills: z.array(recurringBillViewSchema),
  /** The billing-days list of each holder ('' for the building). */
  billingDays: z.array(z.object({ supplierUuid: z.guid().nullable(), days: z.array(z.number().int()) })),
});
export const recurringRunSchema = z.object({ asOf: isoDateSchema });
export const recurringRunAnswerSchema = z.object({
  posted: z.number().int().min(0),
  /** Postings due that no writable fiscal year holds (the next year not created yet, an archived one). */
  skipped: z.array(
    z.object({
      billUuid: z.guid(),
      month: isoDateSchema,
      kind: z.enum(['recurringBill', 'recurringBillPayment']),
      date: isoDateSchema,
    }),
  ),
});
export type RecurringRunAnswer = z.infer<typeof recurringRunAnswerSchema>;

// ---------------------------------------------------------------- reports and dashboard

export const payablesAgingRowSchema = z.object({
  supplierUuid: z.guid(),
  supplierName: z.string(),
  buckets: z.record(z.enum(agingBuckets), centsSchema),
  total: centsSchema,
});
export const payablesAgingSchema = z.object({
  asOf: isoDateSchema,
  rows: z.array(payablesAgingRowSchema),
  totals: z.record(z.enum(agingBuckets), centsSchema),
  total: centsSchema,
});
export type PayablesAging = z.infer<typeof payablesAgingSchema>;

export const payablesDashboardSchema = z.object({
  /** Unpaid invoices due by the end of this week (building time zone). */
  dueThisWeek: z.array(supplierInvoiceViewSchema),
  dueThisWeekTotal: centsSchema,
  /** How many there are: `dueThisWeek` lists only the most urgent. */
  dueThisWeekCount: z.number().int().min(0),
  /** Payments waiting for the reader's approval. */
  waitingForMe: z.array(supplierPaymentViewSchema),
});
export type PayablesDashboard = z.infer<typeof payablesDashboardSchema>;

// ---------------------------------------------------------------- reports (part "reports")

/** SPEC 2 `suppliers/reports` and `payments/reports`: each under Y/payables-reports/<report>. */
export const payablesReports = [
  'aging',
  'invoices-by-category',
  'supplier-totals',
  'check-register',
  'payments-by-method',
] as const;
export type PayablesReport = (typeof payablesReports)[number];

/** Each report answers JSON for the page, or the same figures as a file. */
export const payablesReportFormats = ['json', 'pdf', 'xlsx', 'csv'] as const;
const reportFormat = z.enum(payablesReportFormats).default('json');
/** A report by month has one column per month: a period spans at most this many. */
export const payablesReportMaxMonths = 36;

/** The aging's date: today by default, kept inside the fiscal year. */
export const payablesAgingQuerySchema = z.object({ asOf: isoDateSchema.optional(), format: reportFormat });
/** A period: the fiscal year by default. */
export const payablesPeriodQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  format: reportFormat,
});
export const checkRegisterQuerySchema = payablesPeriodQuerySchema.extend({
  bankUuid: recordUuidSchema.optional(),
});
export const supplierTotalsQuerySchema = z.object({ format: reportFormat });

const reportPeriod = { from: isoDateSchema, to: isoDateSchema };
/** Amounts of each month of the report's `months`, and their total. */
const monthlyAmounts = { months: z.array(centsSchema), total: centsSchema };

/** Invoices less credit notes dated in the period, before taxes by expense category, then each tax. */
export const invoicesByCategorySchema = z.object({
  ...reportPeriod,
  /** The first day of each month of the period. */
  months: z.array(isoDateSchema),
  categories: z.array(z.object({ categoryUuid: z.guid(), categoryName: z.string(), ...monthlyAmounts })),
  taxes: z.array(z.object({ code: z.enum(taxCodes), ...monthlyAmounts })),
  totals: z.object(monthlyAmounts),
});
export type InvoicesByCategory = z.infer<typeof invoicesByCategorySchema>;

const supplierTotalsFigures = {
  invoiceCount: z.number().int().min(0),
  /** Invoices (not credit notes), taxes included. */
  invoiced: centsSchema,
  creditNotes: centsSchema,
  /** invoiced − creditNotes. */
  net: centsSchema,
  /** The taxes of `net`. */
  taxes: centsSchema,
  /** Posted payments of invoices, from the bank. */
  paid: centsSchema,
  /** Posted payments of recurring bills (made outside Copro, with no invoice entered). */
  recurringPaid: centsSchema,
};
/** The fiscal year's totals of each supplier with an invoice or a payment in it. */
export const supplierTotalsSchema = z.object({
  ...reportPeriod,
  rows: z.array(z.object({ supplierUuid: z.guid(), supplierName: z.string(), ...supplierTotalsFigures })),
  totals: z.object(supplierTotalsFigures),
});
export type SupplierTotals = z.infer<typeof supplierTotalsSchema>;

/** Where a check stands: its payment's approval, then its printing. */
export const checkRegisterStatuses = [
  'pendingApproval',
  'rejected',
  'notPrinted',
  'printed',
  'voided',
  'cancelled',
] as const;
export type CheckRegisterStatus = (typeof checkRegisterStatuses)[number];

export const checkRegisterRowSchema = z.object({
  paymentUuid: z.guid(),
  /** Given when the check is printed. */
  checkNumber: z.string().nullable(),
  date: isoDateSchema,
  supplierUuid: z.guid(),
  payee: z.string(),
  bankUuid: z.guid(),
  bankName: z.string(),
  amount: centsSchema,
  status: z.enum(checkRegisterStatuses),
  voidReason: z.string().nullable(),
});
export type CheckRegisterRow = z.infer<typeof checkRegisterRowSchema>;
/** Every supplier payment by check dated in the period, of one bank or all. */
export const checkRegisterSchema = z.object({
  ...reportPeriod,
  bankUuid: z.guid().nullable(),
  rows: z.array(checkRegisterRowSchema),
  /** The checks that took money out: posted and not voided. */
  total: centsSchema,
});
export type CheckRegister = z.infer<typeof checkRegisterSchema>;

/** Posted supplier payments dated in the period, by method and month. */
export const paymentsByMethodSchema = z.object({
  ...reportPeriod,
  months: z.array(isoDateSchema),
  methods: z.array(
    z.object({ method: z.enum(supplierPaymentMethods), count: z.number().int().min(0), ...monthlyAmounts }),
  ),
  totals: z.object(monthlyAmounts),
});
export type PaymentsByMethod = z.infer<typeof paymentsByMethodSchema>;
