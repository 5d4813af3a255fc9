import { z } from 'zod';
import type { PaymentMethod } from './building';
import { isoDateSchema, limits, nameSchema, nonNegativeCentsSchema, notesSchema } from './common';
import { recordUuidSchema } from './registry';

/**
 * Money coming in (DOMAIN 4, 5, 6): the forms and API answers of unit payments and charges,
 * checks, deposits, returned payments, wire transfers, penalties, unit sales and statements.
 * Amounts are positive cents; the service gives them their sign in the ledger.
 */

const positiveCents = z.number().int().min(1, { message: 'validation.numberTooSmall' }).max(1e11);
const description = z.string().trim().min(1).max(limits.displayName);
/** A check's number as written on it: digits, letters and dashes, at most 30 characters. */
export const checkNumberSchema = z
  .string()
  .trim()
  .min(1)
  .max(limits.shortName)
  .regex(/^[A-Za-z0-9-]+$/, { message: 'validation.invalidIdentifier' });

// ---------------------------------------------------------------- unit transactions page

/**
 * Payment methods of a payment entered on a unit's page. A check waits for its deposit (it goes
 * to payments/checks); the others reach the bank at once. A credit note is its own action.
 */
export const unitPaymentMethods = [
  'cash',
  'check',
  'credit-card',
  'debit-card',
  'wire-transfer',
  'otonom',
  'pre-authorized-debit',
] as const satisfies readonly PaymentMethod[];

export const unitPaymentSchema = z
  .object({
    unitUuid: recordUuidSchema,
    date: isoDateSchema,
    amount: positiveCents,
    paymentMethod: z.enum(unitPaymentMethods),
    /** The bank that receives it; required for every method but check (a check's bank is its deposit's). */
    bankUuid: recordUuidSchema.optional(),
    checkNumber: checkNumberSchema.optional(),
    description: description.optional(),
    notes: notesSchema.optional(),
  })
  .superRefine((p, ctx) => {
    if (p.paymentMethod === 'check' && !p.checkNumber)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['checkNumber'] });
    if (p.paymentMethod !== 'check' && !p.bankUuid)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['bankUuid'] });
  });
export type UnitPaymentInput = z.infer<typeof unitPaymentSchema>;

/** An invoice (any charge to the unit) or a credit note (a refund or discount), against a category. */
export const unitChargeKinds = ['unitInvoice', 'unitCreditNote'] as const;
export const unitChargeSchema = z.object({
  unitUuid: recordUuidSchema,
  kind: z.enum(unitChargeKinds),
  date: isoDateSchema,
  amount: positiveCents,
  categoryUuid: recordUuidSchema,
  description,
});
export type UnitChargeInput = z.infer<typeof unitChargeSchema>;

/** A standard charge or penalty defined on units/penalties, charged by hand; its amount may be changed. */
export const unitPenaltyChargeSchema = z.object({
  unitUuid: recordUuidSchema,
  penaltyUuid: recordUuidSchema,
  date: isoDateSchema,
  amount: positiveCents,
  description: description.optional(),
});
export type UnitPenaltyChargeInput = z.infer<typeof unitPenaltyChargeSchema>;

// ---------------------------------------------------------------- checks

export const checkStatuses = ['recorded', 'deposited', 'returned'] as const;
export type CheckStatus = (typeof checkStatuses)[number];

export const checkSchema = z.object({
  unitUuid: recordUuidSchema,
  number: checkNumberSchema,
  amount: positiveCents,
  /** The date written on the check; a post-dated check is deposited on or after it. */
  date: isoDateSchema,
  notes: notesSchema.optional(),
});
export type CheckInput = z.infer<typeof checkSchema>;

export const checkPeriods = [1, 2, 3, 4] as const;
export const maxChecksInSeries = 24;

/** DOMAIN 4: post-dated checks, consecutive numbers, one every 1 to 4 months, same default amount. */
export const checkSeriesSchema = z.object({
  unitUuid: recordUuidSchema,
  firstNumber: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { message: 'validation.invalidIdentifier' }),
  count: z.number().int().min(2).max(maxChecksInSeries),
  periodMonths: z.number().int().min(1).max(4),
  firstDate: isoDateSchema,
  amount: positiveCents,
  notes: notesSchema.optional(),
});
export type CheckSeriesInput = z.infer<typeof checkSeriesSchema>;

/** Saving a series: the previewed checks, each possibly edited before it is saved. */
export const checkSeriesSaveSchema = z.object({
  unitUuid: recordUuidSchema,
  checks: z
    .array(z.object({ number: checkNumberSchema, amount: positiveCents, date: isoDateSchema }))
    .min(1)
    .max(maxChecksInSeries),
  notes: notesSchema.optional(),
});
export type CheckSeriesSave = z.infer<typeof checkSeriesSaveSchema>;

export interface CheckView {
  uuid: string;
  fiscalYear: string;
  unitUuid: string;
  unitNumber: string;
  number: string;
  amount: number;
  date: string;
  notes: string;
  status: CheckStatus;
  depositUuid: string | null;
  depositNumber: string | null;
  createdAt: string;
}

// ---------------------------------------------------------------- deposits

export const depositSchema = z
  .object({
    description,
    number: z.string().trim().max(limits.shortName).optional(),
    date: isoDateSchema,
    bankUuid: recordUuidSchema,
    /** Checks recorded earlier (payments/checks) that go in this deposit. */
    checkUuids: z.array(recordUuidSchema).max(500),
    /** Checks entered with the deposit itself. */
    newChecks: z.array(checkSchema.omit({ notes: true })).max(500),
    cash: z.array(z.object({ unitUuid: recordUuidSchema, amount: positiveCents })).max(500),
  })
  .refine((d) => d.checkUuids.length + d.newChecks.length + d.cash.length > 0, {
    message: 'validation.depositEmpty',
    path: ['checkUuids'],
  });
export type DepositInput = z.infer<typeof depositSchema>;

export interface DepositItemView {
  kind: 'check' | 'cash';
  unitUuid: string;
  unitNumber: string;
  checkUuid: string | null;
  checkNumber: string | null;
  amount: number;
  /** A check of the deposit that came back (NSF). */
  returned: boolean;
}

export interface DepositView {
  uuid: string;
  fiscalYear: string;
  number: string;
  description: string;
  date: string;
  bankUuid: string;
  bankName: string;
  total: number;
  transactionUuid: string;
  /** Its payment was cancelled: its checks went back to recorded (DOMAIN 4). */
  cancelled: boolean;
  items: DepositItemView[];
  createdAt: string;
}

export const depositFiltersSchema = z.object({
  bankUuid: recordUuidSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

// ---------------------------------------------------------------- returned payments

/** DOMAIN 4: a returned check (NSF): the unit owes again, the bank is credited; optional fee and email. */
export const returnedCheckSchema = z.object({
  bankUuid: recordUuidSchema,
  unitUuid: recordUuidSchema,
  amount: positiveCents,
  checkNumber: checkNumberSchema,
  date: isoDateSchema,
  /** The deposited check it is, when known (it is then marked returned). */
  checkUuid: recordUuidSchema.optional(),
  chargeFee: z.boolean(),
  emailOwner: z.boolean(),
});
export type ReturnedCheckInput = z.infer<typeof returnedCheckSchema>;

/** A returned electronic payment: the same without the fee. */
export const returnedElectronicPaymentSchema = z.object({
  bankUuid: recordUuidSchema,
  unitUuid: recordUuidSchema,
  amount: positiveCents,
  date: isoDateSchema,
  /** The payment transaction that came back, when known. */
  transactionUuid: z.uuid().optional(),
  emailOwner: z.boolean(),
});
export type ReturnedElectronicPaymentInput = z.infer<typeof returnedElectronicPaymentSchema>;

// ---------------------------------------------------------------- wire transfers

export const wireTransferSchema = z.object({
  unitUuid: recordUuidSchema,
  bankUuid: recordUuidSchema,
  amount: positiveCents,
  date: isoDateSchema,
  reference: z.string().trim().max(limits.shortName).optional(),
});
export type WireTransferInput = z.infer<typeof wireTransferSchema>;

// ---------------------------------------------------------------- penalties

export const penaltyKinds = [
  'defaultLatePaymentFee',
  'defaultInterests',
  'defaultCheckReversalFee',
  'customPenalty',
  'customFee',
] as const;
export type PenaltyKind = (typeof penaltyKinds)[number];
/** One of each default kind per building; custom ones as many as needed. */
export const defaultPenaltyKinds = [
  'defaultLatePaymentFee',
  'defaultInterests',
  'defaultCheckReversalFee',
] as const satisfies readonly PenaltyKind[];

const gracePeriod = z.number().int().min(0).max(366);
const rate = z
  .number()
  .min(0, { message: 'validation.mustBePositive' })
  .max(1, { message: 'validation.mustBeLessThan100' });

/** SPEC 3 "Penalty", one shape per kind. */
export const penaltySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('defaultLatePaymentFee'),
    categoryUuid: recordUuidSchema,
    amount: positiveCents,
    gracePeriod,
  }),
  z.object({ kind: z.literal('defaultInterests'), categoryUuid: recordUuidSchema, rate, gracePeriod }),
  z.object({
    kind: z.literal('defaultCheckReversalFee'),
    categoryUuid: recordUuidSchema,
    amount: positiveCents,
  }),
  z.object({
    kind: z.literal('customPenalty'),
    name: nameSchema,
    description: notesSchema.optional(),
    categoryUuid: recordUuidSchema,
    amount: positiveCents,
  }),
  z.object({
    kind: z.literal('customFee'),
    name: nameSchema,
    description: notesSchema.optional(),
    categoryUuid: recordUuidSchema,
    amount: positiveCents,
  }),
]);
export type PenaltyInput = z.infer<typeof penaltySchema>;

export interface PenaltyView {
  uuid: string;
  kind: PenaltyKind;
  name: string | null;
  description: string | null;
  categoryUuid: string;
  amount: number | null;
  rate: number | null;
  gracePeriod: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The building's threshold under which no late fee or interest is charged (DOMAIN 5). */
export const penaltyThresholdSchema = z.object({
  minimumUnitBalanceBeforeChargingPenalties: nonNegativeCentsSchema,
});

// ---------------------------------------------------------------- unit sale

export const saleBalanceOptions = ['carry', 'leave'] as const;
export type SaleBalanceOption = (typeof saleBalanceOptions)[number];

/** DOMAIN 6: a sale: its date, the new owners and what happens to a non-zero balance. */
export const unitSaleSchema = z.object({
  date: isoDateSchema,
  newOwners: z.array(recordUuidSchema).min(1).max(20),
  balance: z.enum(saleBalanceOptions),
});
export type UnitSaleInput = z.infer<typeof unitSaleSchema>;

/** One ownership period of a unit: its own ledger account (DOMAIN 6). */
export interface UnitAccountView {
  aid: number;
  /** First day of the period (the sale date), or null for the unit's first account. */
  from: string | null;
  /** The sale date that ended it (exclusive), or null for the current account. */
  until: string | null;
  ownerNames: string[];
  balance: number;
  /** Left with the former owner, to be brought to zero and closed. */
  soldAndNeedToSetBalanceToZero: boolean;
  closedAt: string | null;
}

// ---------------------------------------------------------------- statements and reports

export const statementPeriodSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((p) => p.from <= p.to, { message: 'validation.dateTooEarly', path: ['to'] });
export type StatementPeriod = z.infer<typeof statementPeriodSchema>;

export interface StatementLine {
  uuid: string;
  date: string;
  kind: string;
  description: string;
  /** Charged to the unit (a debit), in cents, or 0. */
  invoiced: number;
  /** Paid or credited (a credit), in cents, or 0. */
  paid: number;
  balance: number;
}

export interface StatementView {
  unitUuid: string;
  unitNumber: string;
  aid: number;
  ownerNames: string[];
  from: string;
  to: string;
  openingBalance: number;
  lines: StatementLine[];
  totalInvoiced: number;
  totalPaid: number;
  closingBalance: number;
}

export const agingBuckets = ['current', 'days30', 'days60', 'days90'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

/** The building's receivables at a glance: the dashboard cards. */
export interface ReceivablesSummary {
  totalReceivables: number;
  unitsInArrears: { uuid: string; number: string; balance: number; months: number }[];
  arrearsThresholdMonths: number;
  checksAwaitingDeposit: { count: number; total: number };
}
