import { z } from 'zod';
import { attachmentRefSchema, transactionKinds, transactionStatuses } from '../ledger/transaction';
import { categoryParents } from './accounts';
import { paymentMethods, taxCodes } from './building';
import { centsSchema, isoDateSchema, timestampSchema } from './common';
import { logSourceSchema } from './logs';

/** The ledger's answers (SPEC 3 "Transaction", SPEC 2 `{type}/transactions`, DOMAIN 10). */

/** Who did something: a user (with name and email), Copro itself, or its staff; as in the log. */
export const ledgerSourceSchema = logSourceSchema;
export type LedgerSource = z.infer<typeof ledgerSourceSchema>;

export const transactionCommentViewSchema = z.object({
  author: ledgerSourceSchema,
  comment: z.string(),
  createdDate: timestampSchema,
});
export type TransactionCommentView = z.infer<typeof transactionCommentViewSchema>;

/** A posted transaction as every route of the ledger (and the areas posting through it) answers it. */
export const transactionViewSchema = z.object({
  uuid: z.guid(),
  fiscalYear: isoDateSchema,
  date: isoDateSchema,
  description: z.string(),
  kind: z.enum(transactionKinds),
  status: z.enum(transactionStatuses),
  paymentMethod: z.enum(paymentMethods).nullable(),
  check: z.string().nullable(),
  deposit: z.string().nullable(),
  batch: z.string().nullable(),
  attachments: z.array(attachmentRefSchema),
  comments: z.array(transactionCommentViewSchema),
  cancelled: z.object({ by: ledgerSourceSchema, reason: z.string(), date: timestampSchema }).nullable(),
  taxes: z.array(z.object({ code: z.enum(taxCodes), amount: centsSchema })),
  imported: z.boolean(),
  indexes: z.array(z.string()),
  /** Kind-specific fields (an invoice's number, a payment's partner status, …). */
  details: z.record(z.string(), z.unknown()),
  createdBy: ledgerSourceSchema,
  createdAt: timestampSchema,
  /** Its lines in order: an account and a signed amount (positive debit, negative credit). */
  subtransactions: z.array(
    z.object({
      aid: z.number().int().positive(),
      amount: centsSchema,
      check: z.string().nullable(),
      /** The account's name in the reader's language, for every reader of the line (reads only). */
      accountName: z.string().optional(),
    }),
  ),
});
export type TransactionView = z.infer<typeof transactionViewSchema>;

/** One line of an account's page: the transaction, this account's amount, the balance after it. */
export const accountLineSchema = z.object({
  transaction: transactionViewSchema,
  /** This account's amount in the transaction (positive debit). */
  amount: centsSchema,
  /** The account's balance after this transaction, cancelled ones left out. */
  balance: centsSchema,
});
export type AccountLine = z.infer<typeof accountLineSchema>;

/** GET …/accounts/:aid/transactions: a page of an account's lines and the totals of the filter. */
export const accountPageSchema = z.object({
  lines: z.array(accountLineSchema),
  /** Matching lines over every page. */
  total: z.number().int().min(0),
  /** Of the matching lines that are not cancelled. */
  debits: centsSchema,
  credits: centsSchema,
  /** At the end of the year, whatever the filters. */
  balance: centsSchema,
});
export type AccountPage = z.infer<typeof accountPageSchema>;

/** The records that own a ledger account. */
export const ledgerAccountKinds = ['unit', 'supplier', 'bank', 'category'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/** GET …/accounts: a ledger account with the record it belongs to in the year. */
export const ledgerAccountSchema = z.object({
  aid: z.number().int().positive(),
  kind: z.enum(ledgerAccountKinds),
  recordUuid: z.guid(),
  /** The record's collection in the year; null when the year has no such record. */
  collection: z.string().nullable(),
  /** A unit's name is its number; empty when the year has no such record. */
  name: z.string(),
  /** Set for categories only. */
  parent: z.enum(categoryParents).nullable(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

/** GET …/trial-balance: an account's totals for the year (credits as a positive total). */
export const trialBalanceLineSchema = z.object({
  aid: z.number().int().positive(),
  debits: centsSchema,
  credits: centsSchema,
  /** Debits minus credits. */
  balance: centsSchema,
  /** Null for an account the registry no longer names. */
  account: ledgerAccountSchema.nullable(),
});
export type TrialBalanceLine = z.infer<typeof trialBalanceLineSchema>;
