import { z } from 'zod';
import { otonomStatuses } from '../otonom/statuses';
import { returnCodes } from '../otonom/return-codes';
import { centsSchema, isoDateSchema, limits, timestampSchema } from './common';
import { recordUuidSchema } from './registry';

/**
 * Pre-authorized debits and electronic payments through the payment partner (DOMAIN 8, SPEC 2
 * `payments/otonom`, SPEC 3 Unit bank fields and Building `otonom`, SPEC 4 payment statuses,
 * SPEC 7 sent files of the last 30 days): the forms and answers of the area `otonom`.
 *
 * An *order* is one debit of a unit (the building is paid) or one credit to a supplier (the
 * building pays), from its creation to its last status; a *file* is what was sent for a kind.
 */

export const otonomStatusSchema = z.enum(otonomStatuses);
export const returnCodeSchema = z.enum(returnCodes);

// ---------------------------------------------------------------- settings

/** How the building's debits and payments leave: the partner's API, or a CPA-005 file for its bank. */
export const padChannels = ['otonom', 'cpa005'] as const;
export type PadChannel = (typeof padChannels)[number];

/** What a unit's monthly debit takes: the month's fee, or what the unit owes (DOMAIN 8). */
export const debitAmountBases = ['monthlyFee', 'balance'] as const;
export type DebitAmountBasis = (typeof debitAmountBases)[number];

const digitsUpTo = (max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${max}}$`), { message: 'validation.invalidIdentifier' });

/**
 * The area's own settings of a building (the partner's ids, API version and automatic sending are
 * the Building's `otonom` fields, edited on admin/building). `cpa005` is required for that channel.
 */
export const padSettingsSchema = z
  .object({
    channel: z.enum(padChannels),
    debitAmount: z.enum(debitAmountBases),
    /** The bank account the debits land in and the credits leave from. */
    bankUuid: recordUuidSchema.optional(),
    cpa005: z
      .object({
        /** The originator id (client number) the bank gave the building: up to 10 letters or digits. */
        originatorId: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9]{1,10}$/, { message: 'validation.invalidIdentifier' }),
        /** Up to 15 characters: what payers see on their statement. */
        shortName: z.string().trim().min(1).max(15),
        longName: z.string().trim().min(1).max(30),
        /** The bank's processing centre (destination data centre), 5 digits. */
        destinationDataCentre: z.string().regex(/^\d{5}$/, { message: 'validation.mustBe5Digits' }),
        currency: z.enum(['CAD', 'USD']),
        /** Where returned items go: the building's own account (institution, transit, account up to 12). */
        returnInstitution: z.string().regex(/^\d{3}$/, { message: 'validation.mustBe3Digits' }),
        returnTransit: z.string().regex(/^\d{5}$/, { message: 'validation.mustBe5Digits' }),
        returnAccount: digitsUpTo(12),
      })
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.channel === 'cpa005' && !s.cpa005)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['cpa005'] });
  });
export type PadSettings = z.infer<typeof padSettingsSchema>;

export const padSettingsViewSchema = z.object({
  settings: padSettingsSchema.nullable(),
  /** The next CPA-005 file creation number (never repeats). */
  nextFileNumber: z.number().int().min(1),
  /** The partner's address when the server has one (`OTONOM_URL`), else null: nothing is sent. */
  partner: z.object({ url: z.string(), fake: z.boolean() }).nullable(),
});
export type PadSettingsView = z.infer<typeof padSettingsViewSchema>;

// ---------------------------------------------------------------- agreements

/**
 * A unit's pre-authorized debit agreement (Payments Canada Rule H1): generated from the unit's
 * data, signed by the payer and uploaded; the written notice goes at least 10 days before the
 * first debit. `flag` is set by a return that says the agreement no longer holds.
 */
export const padNoticeDays = 10;
export const agreementFlags = ['revoked', 'accountClosed'] as const;

export const padAgreementViewSchema = z.object({
  unitUuid: z.uuid(),
  /** The signed copy, once uploaded. */
  signed: z
    .object({ fileName: z.string(), size: z.number().int().min(0), uploadedAt: timestampSchema })
    .nullable(),
  /** The written notice: when it was sent, to whom, and the first debit it announced. */
  notice: z
    .object({ sentAt: timestampSchema, recipients: z.array(z.string()), firstDebitOn: isoDateSchema })
    .nullable(),
  flag: z.enum(agreementFlags).nullable(),
  flaggedAt: timestampSchema.nullable(),
  /** The unit has bank details (payables' bank-details card holds them). */
  hasBankDetails: z.boolean(),
  automaticPayment: z.boolean(),
  paymentDay: z.number().int().min(1).max(31).nullable(),
  /** What still stands in the way of automatic payment, as i18n keys (empty: it may be switched on). */
  missing: z.array(z.string()),
});
export type PadAgreementView = z.infer<typeof padAgreementViewSchema>;

// ---------------------------------------------------------------- orders

export const orderDirections = ['debit', 'credit'] as const;
export type OrderDirection = (typeof orderDirections)[number];

export const orderHistoryEntrySchema = z.object({
  status: otonomStatusSchema,
  at: timestampSchema,
  /** Who moved it: a user's name, or the system (the monthly run, the partner's answer). */
  by: z.string(),
  returnCode: returnCodeSchema.nullable(),
  /** The day it happened in the building (a return's date), when it was given. */
  date: isoDateSchema.nullable(),
});

export const padOrderViewSchema = z.object({
  uuid: z.uuid(),
  direction: z.enum(orderDirections),
  unitUuid: z.uuid().nullable(),
  unitNumber: z.string().nullable(),
  supplierUuid: z.uuid().nullable(),
  supplierPaymentUuid: z.uuid().nullable(),
  /** The payer's or the payee's name as the file carries it. */
  name: z.string(),
  amount: centsSchema,
  /** The debit's date (its unit's payment day), or the credit's payment date. */
  dueDate: isoDateSchema,
  /** The month a unit's monthly debit is for (YYYY-MM), null for another order. */
  month: z.string().nullable(),
  status: otonomStatusSchema,
  /** The order's reference in files and answers (CPA-005 cross-reference). */
  reference: z.string(),
  fileUuid: z.uuid().nullable(),
  /** The ledger transactions it posted: the payment, its reversal, the returned-payment fee. */
  transactionUuid: z.uuid().nullable(),
  reversalUuid: z.uuid().nullable(),
  feeUuid: z.uuid().nullable(),
  returnCode: returnCodeSchema.nullable(),
  /** The day the bank returned it or the building refunded it: its reversal's date (and year). */
  returnedOn: isoDateSchema.nullable(),
  history: z.array(orderHistoryEntrySchema),
  createdAt: timestampSchema,
});
export type PadOrderView = z.infer<typeof padOrderViewSchema>;

export const padOrderQuerySchema = z.object({
  status: otonomStatusSchema.optional(),
  direction: z.enum(orderDirections).optional(),
  unitUuid: z.uuid().optional(),
  /** Orders due from this date (inclusive) to `to` (inclusive). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PadOrderQuery = z.infer<typeof padOrderQuerySchema>;

export const padOrderPageSchema = z.object({
  orders: z.array(padOrderViewSchema),
  total: z.number().int().min(0),
});
export type PadOrderPage = z.infer<typeof padOrderPageSchema>;

/** A status given by hand (a partner's answer read elsewhere, a return told by phone). */
export const orderStatusChangeSchema = z.object({
  status: otonomStatusSchema,
  /** The return's reason; required for `processedNSF` and `processedError`. */
  returnCode: returnCodeSchema.optional(),
  /** The day it happened (the return's date); the building's today when omitted. */
  date: isoDateSchema.optional(),
  /** Charge the building's returned-payment fee (a return only). */
  chargeFee: z.boolean().default(true),
  /** Email the owners (a return of a unit's debit only). */
  emailOwner: z.boolean().default(true),
  note: z.string().trim().max(limits.notes).optional(),
});
export type OrderStatusChange = z.infer<typeof orderStatusChangeSchema>;

/** Approving the debits waiting for approval (the building's approval rules cover `otonom`). */
export const approveOrdersSchema = z.object({ orderUuids: z.array(z.uuid()).min(1).max(1000) });

/** The monthly run of a building as of a date (the job, or `npm run job -- otonom-debits`). */
export const debitRunAnswerSchema = z.object({ created: z.number().int().min(0), total: centsSchema });

// ---------------------------------------------------------------- files

export const padFileKinds = ['units', 'suppliers'] as const;
export type PadFileKind = (typeof padFileKinds)[number];
export const padFileFormats = ['otonom-legacy', 'otonom-v202406', 'cpa005'] as const;
export type PadFileFormat = (typeof padFileFormats)[number];

export const padFileViewSchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(padFileKinds),
  format: z.enum(padFileFormats),
  /** CPA-005's file creation number; null for the partner's CSV. */
  creationNumber: z.number().int().nullable(),
  fileName: z.string(),
  count: z.number().int().min(0),
  total: centsSchema,
  createdAt: timestampSchema,
  /** Who sent it: a user's name, or the system (automatic sending). */
  sentBy: z.string(),
  /** `sent`: the partner acknowledged it; `created`: a CPA-005 file for the bank, downloaded to send. */
  delivery: z.enum(['sent', 'created']),
  partnerFileId: z.string().nullable(),
});
export type PadFileView = z.infer<typeof padFileViewSchema>;

export const sendFileSchema = z.object({ kind: z.enum(padFileKinds) });
export const sendFileAnswerSchema = z.object({ file: padFileViewSchema.nullable() });

/** The payments/otonom page's summary: what the next files hold, and the files of the last 30 days. */
export const padOverviewSchema = z.object({
  toSend: z.array(
    z.object({ kind: z.enum(padFileKinds), count: z.number().int().min(0), total: centsSchema }),
  ),
  waitingApproval: z.object({ count: z.number().int().min(0), total: centsSchema }),
  files: z.array(padFileViewSchema),
  statusCounts: z.array(z.object({ status: otonomStatusSchema, count: z.number().int().min(0) })),
});
export type PadOverview = z.infer<typeof padOverviewSchema>;

// ---------------------------------------------------------------- returns

/** One line of a return file (the partner's status export, or a bank's returns in CSV). */
export const returnLineSchema = z.object({
  reference: z.string().min(1).max(40),
  status: otonomStatusSchema,
  returnCode: returnCodeSchema.nullable(),
  amount: centsSchema.nullable(),
  date: isoDateSchema.nullable(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

export const returnImportAnswerSchema = z.object({
  updated: z.number().int().min(0),
  /** Lines already at that status (the same file imported twice changes nothing). */
  unchanged: z.number().int().min(0),
  /** Lines refused, with why (unknown reference, a transition not allowed, an amount that differs). */
  refused: z.array(
    z.object({
      line: z.number().int(),
      reference: z.string(),
      key: z.string(),
      params: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
export type ReturnImportAnswer = z.infer<typeof returnImportAnswerSchema>;
