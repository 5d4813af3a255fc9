import { z } from 'zod';
import type { PaymentMethod } from './building';
import {
  centsSchema,
  isoDateSchema,
  limits,
  nameSchema,
  nonNegativeCentsSchema,
  notesSchema,
  timestampSchema,
} from './common';
import { transactionViewSchema } from './ledger';
import { recordUuidSchema } from './registry';

/**
 * Money coming in (DOMAIN 4, 5, 6): the forms and API answers of unit payments and charges,
 * checks, deposits, returned payments, wire transfers, penalties, unit sales and statements.
 * Amounts are positive cents; the service gives them their sign in the ledger.
 */

const positiveCents = z
  .number()
  .int()
  .min(1, { message: 'validation.numberTooSmall' })
  .max(1e11)
  .brand<'Cents'>();
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

/** A recorded check as the API answers it, with its unit's number and its deposit's. */
export const checkViewSchema = z.object({
  uuid: z.guid(),
  fiscalYear: isoDateSchema,
  unitUuid: z.guid(),
  unitNumber: z.string(),
  number: z.string(),
  amount: centsSchema,
  date: isoDateSchema,
  notes: z.string(),
  status: z.enum(checkStatuses),
  depositUuid: z.guid().nullable(),
  depositNumber: z.string().nullable(),
  createdAt: timestampSchema,
});
export type CheckView = z.infer<typeof checkViewSchema>;

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

export const depositItemViewSchema = z.object({
  kind: z.enum(['check', 'cash']),
  unitUuid: z.guid(),
  unitNumber: z.string(),
  checkUuid: z.guid().nullable(),
  checkNumber: z.string().nullable(),
  amount: centsSchema,
  /** A check of the deposit that came back (NSF). */
  returned: z.boolean(),
});
export type DepositItemView = z.infer<typeof depositItemViewSchema>;

export const depositViewSchema = z.object({
  uuid: z.guid(),
  fiscalYear: isoDateSchema,
  number: z.string(),
  description: z.string(),
  date: isoDateSchema,
  bankUuid: z.guid(),
  bankName: z.string(),
  total: centsSchema,
  transactionUuid: z.guid(),
  /** Its payment was cancelled: its checks went back to recorded (DOMAIN 4). */
  cancelled: z.boolean(),
  items: z.array(depositItemViewSchema),
  createdAt: timestampSchema,
});
export type DepositView = z.infer<typeof depositViewSchema>;

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

/** What a returned check posts: the reversal, and the check-reversal fee when one was charged. */
export const returnedCheckAnswerSchema = z.object({
  reversal: transactionViewSchema,
  fee: transactionViewSchema.nullable(),
});
export type ReturnedCheckAnswer = z.infer<typeof returnedCheckAnswerSchema>;

// ---------------------------------------------------------------- wire transfers

export const wireTransferSchema = z.object({
  unitUuid: recordUuidSchema,
  bankUuid: recordUuidSchema,
  amount: positiveCents,
  date: isoDateSchema,
  reference: z.string().trim().max(limits.shortName).optional(),
});
export type WireTransferInput = z.infer<typeof wireTransferSchema>;

/** One wire transfer received from a unit (DOMAIN 4), as the wire-transfer history lists it. */
export const wireTransferViewSchema = z.object({
  /** The `unitPayment` transaction. */
  transactionUuid: z.guid(),
  date: isoDateSchema,
  /** Empty when the transaction names none. */
  unitUuid: z.string(),
  unitNumber: z.string(),
  bankUuid: z.string(),
  amount: centsSchema,
  reference: z.string(),
  /** A returned electronic payment names this transaction. */
  returned: z.boolean(),
});
export type WireTransferView = z.infer<typeof wireTransferViewSchema>;

/**
 * A payment entered on a unit's page: a check only waits for its deposit (the check), any other
 * method is posted at once (the transaction).
 */
export const paymentSavedSchema = z.object({
  transaction: transactionViewSchema.nullable(),
  check: checkViewSchema.nullable(),
});
export type PaymentSaved = z.infer<typeof paymentSavedSchema>;

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

export const penaltyViewSchema = z.object({
  uuid: z.guid(),
  kind: z.enum(penaltyKinds),
  name: z.string().nullable(),
  description: z.string().nullable(),
  categoryUuid: z.guid(),
  amount: centsSchema.nullable(),
  rate: z.number().nullable(),
  gracePeriod: z.number().int().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PenaltyView = z.infer<typeof penaltyViewSchema>;

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
export const unitAccountViewSchema = z.object({
  aid: z.number().int().positive(),
  /** First day of the period (the sale date), or null for the unit's first account. */
  from: isoDateSchema.nullable(),
  /** The sale date that ended it (exclusive), or null for the current account. */
  until: isoDateSchema.nullable(),
  ownerNames: z.array(z.string()),
  balance: centsSchema,
  /** Left with the former owner, to be brought to zero and closed. */
  soldAndNeedToSetBalanceToZero: z.boolean(),
  closedAt: timestampSchema.nullable(),
});
export type UnitAccountView = z.infer<typeof unitAccountViewSchema>;

/** POST …/units/:uuid/sale: the unit's accounts as the sale left them. */
export const unitSaleAnswerSchema = z.object({ accounts: z.array(unitAccountViewSchema) });

// ---------------------------------------------------------------- statements and reports

export const statementPeriodSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((p) => p.from <= p.to, { message: 'validation.dateTooEarly', path: ['to'] });
export type StatementPeriod = z.infer<typeof statementPeriodSchema>;

export const statementLineSchema = z.object({
  uuid: z.string(),
  date: isoDateSchema,
  kind: z.string(),
  description: z.string(),
  /** Charged to the unit (a debit), in cents, or 0. */
  invoiced: centsSchema,
  /** Paid or credited (a credit), in cents, or 0. */
  paid: centsSchema,
  balance: centsSchema,
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementViewSchema = z.object({
  unitUuid: z.guid(),
  unitNumber: z.string(),
  aid: z.number().int().positive(),
  ownerNames: z.array(z.string()),
  from: isoDateSchema,
  to: isoDateSchema,
  openingBalance: centsSchema,
  lines: z.array(statementLineSchema),
  totalInvoiced: centsSchema,
  totalPaid: centsSchema,
  closingBalance: centsSchema,
});
export type StatementView = z.infer<typeof statementViewSchema>;

/** POST …/statement/email: the addresses the statement was queued to. */
export const statementEmailedSchema = z.object({ sentTo: z.array(z.string()) });

export const agingBuckets = ['current', 'days30', 'days60', 'days90'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

/** The building's receivables at a glance: the dashboard cards. */
export const receivablesSummarySchema = z.object({
  totalReceivables: centsSchema,
  unitsInArrears: z.array(
    z.object({ uuid: z.guid(), number: z.string(), balance: centsSchema, months: z.number().int() }),
  ),
  arrearsThresholdMonths: z.number().int(),
  checksAwaitingDeposit: z.object({ count: z.number().int().min(0), total: centsSchema }),
});
export type ReceivablesSummary = z.infer<typeof receivablesSummarySchema>;

// ---------------------------------------------------------------- penalty run, arrears and reminders

/** A late fee or interest charge the check would post (GET …/penalties/run/preview). */
export const plannedChargeSchema = z.object({
  unitUuid: z.guid(),
  unitNumber: z.string(),
  kind: z.enum(['unitLateFee', 'unitInterestFee']),
  /** The billing month it is for, as its 1st. */
  month: isoDateSchema,
  /** The day it would be posted on. */
  date: isoDateSchema,
  amount: centsSchema,
});
export type PlannedCharge = z.infer<typeof plannedChargeSchema>;

export const penaltyCheckPreviewSchema = z.object({
  /** The building's today: the check charges what is due by then. */
  asOf: isoDateSchema,
  charges: z.array(plannedChargeSchema),
  total: centsSchema,
});
export type PenaltyCheckPreview = z.infer<typeof penaltyCheckPreviewSchema>;

/** POST …/penalties/run: the job that runs the check, followed through GET jobs/:id. */
export const penaltyRunStartedSchema = z.object({ jobId: z.number().int() });

/** One reminder email sent to a unit's owners (recorded on the unit, one per month). */
export const unitReminderViewSchema = z.object({
  unitUuid: z.guid(),
  /** The month's 1st. */
  month: isoDateSchema,
  level: z.number().int(),
  /** What the unit owed when it was sent, in cents. */
  amount: centsSchema,
  emails: z.array(z.string()),
  sentAt: timestampSchema,
  /** Sent by the daily run rather than by a person. */
  automatic: z.boolean(),
  /** Who sent it, when a person did. */
  sentByName: z.string().nullable(),
});
export type UnitReminderView = z.infer<typeof unitReminderViewSchema>;

/** A unit that owes money since at least a month, or that is flagged (GET …/arrears). */
export const arrearsRowSchema = z.object({
  unitUuid: z.guid(),
  unitNumber: z.string(),
  balance: centsSchema,
  /** Whole months since the oldest unpaid charge. */
  months: z.number().int(),
  /** The date of the oldest unpaid charge. */
  since: isoDateSchema.nullable(),
  level: z.number().int(),
  /** More months in arrears than the building's alert threshold. */
  flagged: z.boolean(),
  lastReminder: unitReminderViewSchema.nullable(),
});
export type ArrearsRow = z.infer<typeof arrearsRowSchema>;

/** POST …/arrears/reminders: how many reminders were queued. */
export const remindersSentSchema = z.object({ sent: z.number().int().min(0) });
