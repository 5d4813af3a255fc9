import { z } from 'zod';
import { buildingRoles, ownersFinancesAccessValues, selfServiceEditAccessValues } from '../permissions';
import { locales } from '../locale';
import {
  emailSchema,
  fractionSchema,
  isoDateSchema,
  limits,
  nameSchema,
  nonNegativeCentsSchema,
  phoneNumberSchema,
} from './common';

/**
 * A logo is shown as an image on pages and documents: only a web address (http or https), never
 * `javascript:` or `data:` or a local file.
 */
export const logoUrlSchema = z.url({ protocol: /^https?$/, message: 'validation.httpUrlOnly' }).max(2000);

export const buildingTypes = ['condo', 'commercial'] as const;
export const buildingEnvs = ['test', 'prod', 'dev', 'demo'] as const;
export type BuildingEnv = (typeof buildingEnvs)[number];
export const otonomApiVersions = ['legacy', 'v202406'] as const;
/** SPEC 9: goods and services tax plus the provincial taxes. */
export const taxCodes = ['GST', 'QC', 'ON', 'BC', 'SK', 'MB', 'PE', 'NS', 'NB', 'NL'] as const;
export type TaxCode = (typeof taxCodes)[number];
export const paymentMethods = [
  'cash',
  'check',
  'credit-card',
  'debit-card',
  'wire-transfer',
  'otonom',
  'pre-authorized-debit',
  'credit-note',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** A building ref names the building in URLs: lowercase letters, digits and dashes. */
/** Refs that name API routes (GET /api/buildings/logo) and so can never name a building. */
export const reservedBuildingRefs = ['logo'];

export const buildingRefSchema = z
  .string()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { message: 'validation.invalidIdentifier' })
  .refine((ref) => !reservedBuildingRefs.includes(ref), { message: 'validation.invalidIdentifier' });

export const addressSchema = z.object({
  street: z.string().trim().max(limits.name).optional(),
  city: z.string().trim().max(limits.name).optional(),
  state: z.string().trim().max(limits.shortName).optional(),
  country: z.string().trim().max(limits.shortName).optional(),
  zip: z.string().trim().max(limits.shortName).optional(),
});

export const buildingTaxSchema = z.object({
  id: z.enum(taxCodes),
  isActive: z.boolean(),
  rate: fractionSchema,
});

export const otonomSettingsSchema = z.object({
  apiVersion: z.enum(otonomApiVersions).optional(),
  automaticallySend: z.object({ suppliers: z.boolean(), units: z.boolean() }).optional(),
  clientId: z.string().max(50).optional(),
  id: z.string().max(30).optional(),
});

/**
 * Every building setting a building admin may edit (SPEC 3 "Building"). No zod defaults here:
 * zod applies them even inside .partial(), so an edit of one field would reset the others. The
 * SPEC defaults (condo, CAD, none, …) are the database columns' defaults.
 */
export const buildingSettingsSchema = z.object({
  name: nameSchema,
  type: z.enum(buildingTypes),
  address: addressSchema,
  currency: z.string().regex(/^[A-Z]{3}$/, { message: 'validation.invalidIdentifier' }),
  email: emailSchema.optional(),
  phone: phoneNumberSchema.optional(),
  floors: z.number().int().min(0).max(500).optional(),
  locale: z.enum(locales),
  timeZone: z.string().min(1).max(limits.name),
  lowBalanceWarningThreshold: nonNegativeCentsSchema,
  minimumUnitBalanceBeforeChargingPenalties: nonNegativeCentsSchema,
  numberOfApprovalsRequired: z.number().int().min(0).max(4),
  numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: z.number().int().min(1).max(120),
  otonom: otonomSettingsSchema,
  ownersFinancesAccess: z.enum(ownersFinancesAccessValues),
  selfServiceEditAccess: z.enum(selfServiceEditAccessValues),
  paymentMethodsRequiringApproval: z.array(z.enum(paymentMethods)).max(paymentMethods.length),
  requestTagsMandatory: z.boolean(),
  rolesThatReceiveAlerts: z.array(z.enum(buildingRoles)).max(buildingRoles.length),
  sendEmailOnCheckSaved: z.boolean(),
  sendNoEmails: z.boolean(),
  taxes: z.array(buildingTaxSchema).max(taxCodes.length),
  logoUrl: logoUrlSchema.optional(),
});
export type BuildingSettings = z.infer<typeof buildingSettingsSchema>;

/** Optional settings an edit may remove by sending null. */
export const clearableBuildingSettings = ['email', 'phone', 'floors', 'logoUrl'] as const;

/** PATCH body: any subset of the settings; null removes an optional one. */
export const buildingEditSchema = buildingSettingsSchema
  .extend({
    email: emailSchema.nullable(),
    phone: phoneNumberSchema.nullable(),
    floors: z.number().int().min(0).max(500).nullable(),
    logoUrl: logoUrlSchema.nullable(),
  })
  .partial();
export type BuildingEdit = z.infer<typeof buildingEditSchema>;

export const buildingCreateSchema = buildingEditSchema.extend({
  name: nameSchema,
  buildingRef: buildingRefSchema,
  buildingGroupId: z.string().regex(/^bg_[A-Za-z0-9]{22}$/, { message: 'validation.invalidIdentifier' }),
  fiscalYearStart: isoDateSchema,
  env: z.enum(buildingEnvs).optional(),
});
export type BuildingCreate = z.infer<typeof buildingCreateSchema>;

/** SPEC 5 "New fiscal year": at least the latest year's start, at most now. */
export function newFiscalYearProblem(newYear: Date, latestStart: Date, now: Date): string | null {
  if (newYear.getTime() < latestStart.getTime()) return 'validation.dateTooEarly';
  if (newYear.getTime() > now.getTime()) return 'validation.dateTooLate';
  return null;
}

/** A building group's own settings (admin/building-group); an absent logo URL removes the logo. */
export const buildingGroupEditSchema = z.object({
  name: nameSchema,
  logoUrl: logoUrlSchema.optional(),
});
export type BuildingGroupEdit = z.infer<typeof buildingGroupEditSchema>;
