import { z } from 'zod';
import { paymentMethods, taxCodes } from '../schemas/building';
import { centsSchema, isoDateSchema, limits } from '../schemas/common';

/** SPEC 9 transaction kinds; the two reversal-fee kinds are the fees of DOMAIN 4 (returned check, returned debit). */
export const transactionKinds = [
  'unitBalanceTransfer',
  'unitMonthlyFee',
  'unitInvoice',
  'unitSupplierBillback',
  'unitPayment',
  'unitDepositReversal',
  'unitElectronicDepositReversal',
  'unitDepositReversalFee',
  'unitElectronicDepositReversalFee',
  'unitLateFee',
  'unitInterestFee',
  'unitCustomPenalty',
  'unitCustomFee',
  'unitCreditNote',
  'budgetCorrection',
  'recurringBill',
  'recurringBillPayment',
  'supplierInvoice',
  'supplierPayment',
  'accountantWriting',
  'bankInterestReceived',
  'bankInterestPaid',
  'bankCapitalPaid',
  'bankTransfer',
  'bankFee',
  'categorySimple',
] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const transactionStatuses = ['normal', 'cancelled', 'pending'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** SPEC 5 "Attachments": supplier invoices up to 5, unit payments up to 500, other kinds none. */
export function maxAttachments(kind: TransactionKind): number {
  if (kind === 'supplierInvoice') return 5;
  if (kind === 'unitPayment') return 500;
  return 0;
}

/**
 * SPEC 5: transaction indexes are limited to these forms, so a search by index can only find
 * what the product itself wrote (an account, a deposit, a check, an unpaid invoice).
 */
export const transactionIndexPatterns: readonly RegExp[] = [
  /^aid:\d{1,9}$/,
  /^deposit:[A-Za-z0-9-]{1,60}$/,
  /^returned-deposit:[A-Za-z0-9-]{1,60}$/,
  /^electronic-deposit:[A-Za-z0-9-]{1,60}$/,
  /^outgoing-check:[A-Za-z0-9-]{1,60}$/,
  /^unpaid-invoice:[A-Za-z0-9-]{1,60}$/,
];
export const isTransactionIndex = (index: string): boolean =>
  transactionIndexPatterns.some((pattern) => pattern.test(index));

/** One line of a transaction: an account and a signed amount in cents (positive debit, negative credit). */
export const subtransactionSchema = z.object({
  aid: z.number().int().positive(),
  amount: z.number().int().min(-1e13).max(1e13).brand<'Cents'>(),
  check: z.string().trim().min(1).max(limits.shortName).optional(),
});
export type Subtransaction = z.infer<typeof subtransactionSchema>;

/** SPEC 5's two rules of a transaction's lines, with SPEC's own messages. */
export function subtransactionsProblem(lines: readonly { amount: number }[]): string | null {
  if (lines.every((line) => line.amount === 0)) return 'validation.transactionAllZero';
  if (lines.reduce((sum, line) => sum + line.amount, 0) !== 0) return 'validation.transactionNotBalanced';
  return null;
}

export const transactionTaxSchema = z.object({ code: z.enum(taxCodes), amount: centsSchema });

/** A file already stored (SPEC 3 "File" metadata); the bytes go through the file storage. */
export const attachmentRefSchema = z.object({
  fileId: z.uuid(),
  fileName: z
    .string()
    .min(1)
    .max(limits.displayName)
    .refine((name) => !name.includes('/'), { message: 'validation.invalidIdentifier' }),
  mimeType: z.string().min(1).max(255),
  size: z.number().int().min(0),
});
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/** What posting a transaction needs; the ledger service adds uuid, status and audit fields. */
export const transactionInputSchema = z
  .object({
    date: isoDateSchema,
    description: z.string().trim().min(1).max(limits.displayName),
    kind: z.enum(transactionKinds),
    paymentMethod: z.enum(paymentMethods).optional(),
    taxes: z.array(transactionTaxSchema).max(taxCodes.length),
    subtransactions: z.array(subtransactionSchema).min(2).max(1000),
    indexes: z
      .array(z.string().refine(isTransactionIndex, { message: 'validation.invalidIdentifier' }))
      .max(20),
    attachments: z.array(attachmentRefSchema).max(500).optional(),
  })
  .superRefine((input, ctx) => {
    const problem = subtransactionsProblem(input.subtransactions);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['subtransactions'] });
    // SPEC 5: each kind takes its own number of files, most of them none.
    if ((input.attachments?.length ?? 0) > maxAttachments(input.kind)) {
      ctx.addIssue({ code: 'custom', message: 'validation.tooManyFiles', path: ['attachments'] });
    }
  });
export type TransactionInput = z.infer<typeof transactionInputSchema>;

export const cancelTransactionSchema = z.object({ reason: z.string().trim().min(1).max(limits.notes) });
export const transactionCommentSchema = z.object({ comment: z.string().trim().min(1).max(limits.notes) });
