import { z } from 'zod';
import { addressSchema, paymentMethods } from './building';
import { centsSchema, limits, nameSchema, notesSchema } from './common';
import { emailListSchema, phoneListSchema, recordMetaSchema, recordUuidSchema } from './registry';

/** SPEC 3 accounts of the ledger's own: suppliers, banks and categories. */

export const categoryParents = [
  'assets',
  'liabilities',
  'capital',
  'revenues',
  'expenses',
  'accounts-payable',
  'accounts-receivable',
] as const;
export type CategoryParent = (typeof categoryParents)[number];

/**
 * Quebec syndicates keep separate funds (DOMAIN 12): the operating fund, the contingency fund
 * (*fonds de prévoyance*) and the self-insurance fund. Each category and bank account belongs to
 * one; a record without one takes its default ({@link fundOf}).
 */
export const funds = ['operating', 'contingency', 'selfInsurance'] as const;
export type Fund = (typeof funds)[number];

export const bankAccountTypes = ['checking', 'saving', 'investment'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

export const supplierSchema = z.object({
  name: nameSchema,
  /** The expense category its invoices go to by default. */
  category: recordUuidSchema.optional(),
  emails: emailListSchema,
  phones: phoneListSchema,
  address: addressSchema,
  notes: notesSchema.optional(),
  paymentMethod: z.enum(paymentMethods).optional(),
});
export type SupplierInput = z.infer<typeof supplierSchema>;

export const bankSchema = z.object({
  name: nameSchema,
  bankAccountType: z.enum(bankAccountTypes),
  number: z.string().trim().max(limits.shortName).optional(),
  notes: notesSchema.optional(),
  /** The supplier that stands for the bank itself, for its fees and loans. */
  supplierAccount: recordUuidSchema.optional(),
  startingBalance: centsSchema,
  fund: z.enum(funds).optional(),
});
export type BankInput = z.infer<typeof bankSchema>;

export const categorySchema = z.object({
  name: nameSchema,
  parent: z.enum(categoryParents),
  fund: z.enum(funds).optional(),
});
export type CategoryInput = z.infer<typeof categorySchema>;

export const supplierViewSchema = recordMetaSchema.extend({ ...supplierSchema.shape, aid: z.number().int() });
export type SupplierView = z.infer<typeof supplierViewSchema>;

export const bankViewSchema = recordMetaSchema.extend({
  ...bankSchema.shape,
  aid: z.number().int(),
  /** Set on the default chart's banks (the operating and contingency-fund accounts): their fund's default. */
  systemKey: z.string().nullable().default(null),
});
export type BankView = z.infer<typeof bankViewSchema>;

export const categoryViewSchema = recordMetaSchema.extend({
  ...categorySchema.shape,
  aid: z.number().int(),
  /** Set on the accounts of the default chart that other features look for (e.g. the contingency fund). */
  systemKey: z.string().nullable().default(null),
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

/** The contingency and self-insurance accounts of the default chart, by their system key. */
const fundOfSystemKey: Record<string, Fund> = {
  contingencyFund: 'contingency',
  contingencyFundContributions: 'contingency',
  selfInsuranceFund: 'selfInsurance',
  selfInsuranceFundContributions: 'selfInsurance',
};

/** A category's or bank's fund: the one set on it, else its default chart account's, else operating. */
export const fundOf = (record: { fund?: string | null; systemKey?: string | null }): Fund =>
  (funds as readonly string[]).includes(record.fund ?? '')
    ? (record.fund as Fund)
    : (fundOfSystemKey[record.systemKey ?? ''] ?? 'operating');
