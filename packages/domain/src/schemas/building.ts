import { z } from 'zod';
import { buildingRoles, ownersFinancesAccessValues, selfServiceEditAccessValues } from '../permissions';
import { locales } from '../locale';
import { emailSchema, fractionSchema, limits, nameSchema, nonNegativeCentsSchema, phoneNumberSchema } from './common';

export const buildingTypes = ['condo', 'commercial'] as const;
export const buildingEnvs = ['test', 'prod', 'dev', 'demo'] as const;
export type BuildingEnv = (typeof buildingEnvs)[number];
export const otonomApiVersions = ['legacy', 'v202406'] as const;
/** SPEC 9: goods and services tax plus the provincial taxes. */
export const taxCodes = ['GST', 'QC', 'ON', 'BC', 'SK', 'MB', 'PE', 'NS', 'NB', 'NL'] as const;
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

/** A building ref names the building in URLs: lowercase letters, digits and dashes. */
export const buildingRefSchema = z
  .string()
  .min(3)
  .max(40)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { message: 'validation.invalidIdentifier' });

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

/** Every building setting a building admin may edit (SPEC 3 "Building"). */
export const buildingSettingsSchema = z.object({
  name: nameSchema,
  type: z.enum(buildingTypes).default('condo'),
  address: addressSchema.default({}),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: 'validation.invalidIdentifier' })
    .default('CAD'),
  email: emailSchema.optional(),
  phone: phoneNumberSchema.optional(),
  floors: z.number().int().min(0).max(500).optional(),
  locale: z.enum(locales).default('fr-CA'),
  timeZone: z.string().min(1).max(limits.name).default('America/Toronto'),
  lowBalanceWarningThreshold: nonNegativeCentsSchema.default(0),
  minimumUnitBalanceBeforeChargingPenalties: nonNegativeCentsSchema.default(0),
  numberOfApprovalsRequired: z.number().int().min(0).max(4).default(0),
  numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: z.number().int().min(1).max(120).default(3),
  otonom: otonomSettingsSchema.default({}),
  ownersFinancesAccess: z.enum(ownersFinancesAccessValues).default('none'),
  selfServiceEditAccess: z.enum(selfServiceEditAccessValues).default('none'),
  paymentMethodsRequiringApproval: z.array(z.enum(paymentMethods)).max(paymentMethods.length).default([]),
  requestTagsMandatory: z.boolean().default(false),
  rolesThatReceiveAlerts: z.array(z.enum(buildingRoles)).max(buildingRoles.length).default(['admin']),
  sendEmailOnCheckSaved: z.boolean().default(false),
  sendNoEmails: z.boolean().default(false),
  taxes: z.array(buildingTaxSchema).max(taxCodes.length).default([]),
  logoUrl: z.url().max(2000).optional(),
});
export type BuildingSettings = z.infer<typeof buildingSettingsSchema>;

/** PATCH body: any subset of the settings. */
export const buildingEditSchema = buildingSettingsSchema.partial();
export type BuildingEdit = z.infer<typeof buildingEditSchema>;

export const buildingCreateSchema = buildingSettingsSchema.extend({
  buildingRef: buildingRefSchema,
  buildingGroupId: z.string().regex(/^bg_[A-Za-z0-9]{22}$/, { message: 'validation.invalidIdentifier' }),
  fiscalYearStart: z.iso.date(),
  env: z.enum(buildingEnvs).default('prod'),
});
export type BuildingCreate = z.infer<typeof buildingCreateSchema>;

/** What the API answers for a building (GET /api/buildings/:ref). */
export interface BuildingView extends BuildingSettings {
  id: string;
  buildingRef: string;
  buildingGroupId: string;
  billingAccountId: string;
  env: BuildingEnv;
  defaultBankAccountAID: string | null;
  fiscalYears: number[];
  unarchivedFiscalYears: number[];
  creatingFiscalYear: boolean;
  frozen: boolean;
  scheduledForDeletion: boolean;
  storageSizeLimit: number;
  updatedAt: string;
}

/** SPEC 5 "New fiscal year": at least the latest year's start, at most now. */
export function newFiscalYearProblem(newYear: Date, latestStart: Date, now: Date): string | null {
  if (newYear.getTime() < latestStart.getTime()) return 'validation.dateTooEarly';
  if (newYear.getTime() > now.getTime()) return 'validation.dateTooLate';
  return null;
}
