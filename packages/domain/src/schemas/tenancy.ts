import { z } from 'zod';
import { billingAccountStatuses, billingStatuses } from '../billing';
import { locales } from '../locale';
import {
  buildingRoles,
  groupRoles,
  ownersFinancesAccessValues,
  permissions,
  selfServiceEditAccessValues,
} from '../permissions';
import { buildingEnvs, buildingTypes, otonomApiVersions, paymentMethods, taxCodes } from './building';
import { centsSchema, isoDateSchema, timestampSchema } from './common';
import { invitationScopes } from './users';

// Responses of the tenancy area (memberships, buildings, groups, users, invitations, billing
// accounts). They describe what the server answers, so they check types, not input rules:
// what a form refuses today (a longer name, a URL scheme) must not make yesterday's data a 500.

const buildingRoleSchema = z.enum(buildingRoles);
const groupRoleSchema = z.enum(groupRoles);

/** One building the user reaches, with their role there (GET /api/memberships). */
export const buildingMembershipSchema = z.object({
  ref: z.string(),
  name: z.string(),
  buildingGroupId: z.string(),
  city: z.string().nullable(),
  role: buildingRoleSchema,
  banned: z.boolean(),
});
export type BuildingMembership = z.output<typeof buildingMembershipSchema>;

/** Every building, group and billing account the signed-in user reaches (the dashboard, the switchers). */
export const membershipsSchema = z.object({
  buildings: z.array(buildingMembershipSchema),
  groups: z.array(z.object({ id: z.string(), name: z.string(), role: groupRoleSchema })),
  billingAccounts: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Memberships = z.output<typeof membershipsSchema>;

const addressViewSchema = z.object({
  street: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
  zip: z.string().optional(),
});

/** A building as the API answers it (GET/PATCH /api/buildings/:ref, a new building). */
export const buildingViewSchema = z.object({
  id: z.string(),
  buildingRef: z.string(),
  buildingGroupId: z.string(),
  billingAccountId: z.string(),
  name: z.string(),
  type: z.enum(buildingTypes),
  address: addressViewSchema,
  currency: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  floors: z.number().int().optional(),
  locale: z.enum(locales),
  timeZone: z.string(),
  env: z.enum(buildingEnvs),
  defaultBankAccountAID: z.string().nullable(),
  lowBalanceWarningThreshold: centsSchema,
  minimumUnitBalanceBeforeChargingPenalties: centsSchema,
  numberOfApprovalsRequired: z.number().int(),
  numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: z.number().int(),
  otonom: z.object({
    apiVersion: z.enum(otonomApiVersions).optional(),
    automaticallySend: z.object({ suppliers: z.boolean(), units: z.boolean() }).optional(),
    clientId: z.string().optional(),
    id: z.string().optional(),
  }),
  ownersFinancesAccess: z.enum(ownersFinancesAccessValues),
  selfServiceEditAccess: z.enum(selfServiceEditAccessValues),
  paymentMethodsRequiringApproval: z.array(z.enum(paymentMethods)),
  requestTagsMandatory: z.boolean(),
  rolesThatReceiveAlerts: z.array(buildingRoleSchema),
  sendEmailOnCheckSaved: z.boolean(),
  sendNoEmails: z.boolean(),
  taxes: z.array(z.object({ id: z.enum(taxCodes), isActive: z.boolean(), rate: z.number() })),
  logoUrl: z.string().optional(),
  /** Fiscal year starts in seconds since the epoch, latest first (SPEC 3). */
  fiscalYears: z.array(z.number()),
  unarchivedFiscalYears: z.array(z.number()),
  creatingFiscalYear: z.boolean(),
  /** Why the last new fiscal year failed (an i18n key), so the dialog reopens with it (SPEC 4). */
  fiscalYearError: z.string().nullable(),
  frozen: z.boolean(),
  scheduledForDeletion: z.boolean(),
  storageSizeLimit: z.number(),
  updatedAt: timestampSchema,
});
export type BuildingView = z.output<typeof buildingViewSchema>;

/** One fiscal year of a building, named by its start date. */
export const fiscalYearInfoSchema = z.object({
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  archived: z.boolean(),
});
export type FiscalYearInfo = z.output<typeof fiscalYearInfoSchema>;

/** GET /api/buildings/:ref: the building, the user's access there and its fiscal years (latest first). */
export const buildingAccessViewSchema = z.object({
  building: buildingViewSchema,
  role: buildingRoleSchema,
  banned: z.boolean(),
  /** What this user may do here: the web shows controls from it; the server still checks each call. */
  permissions: z.array(z.enum(permissions)),
  fiscalYearList: z.array(fiscalYearInfoSchema),
});
export type BuildingAccessView = z.output<typeof buildingAccessViewSchema>;

/** GET /api/billing-accounts/paid: SPEC 4, read before any building data. */
export const billingStatusViewSchema = z.object({
  status: z.enum(billingStatuses),
  paidUntil: timestampSchema.nullable(),
});
export type BillingStatusView = z.output<typeof billingStatusViewSchema>;

/** GET /api/building-groups/:id: the group, the user's role in it and the buildings of it they reach. */
export const buildingGroupViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  role: groupRoleSchema,
  buildings: z.array(buildingMembershipSchema),
});
export type BuildingGroupView = z.output<typeof buildingGroupViewSchema>;

const memberFields = { userId: z.string(), email: z.string(), name: z.string() };
const pendingInvitationFields = { email: z.string(), expiresAt: timestampSchema, expired: z.boolean() };

/** admin/users of a building: its users with their role and ban, and the invitations still open. */
export const buildingMembersSchema = z.object({
  users: z.array(z.object({ ...memberFields, role: buildingRoleSchema, banned: z.boolean() })),
  invitations: z.array(z.object({ ...pendingInvitationFields, role: buildingRoleSchema })),
});
export type BuildingMembers = z.output<typeof buildingMembersSchema>;

/** admin/users of a building group: groups have no ban. */
export const groupMembersSchema = z.object({
  users: z.array(z.object({ ...memberFields, role: groupRoleSchema })),
  invitations: z.array(z.object({ ...pendingInvitationFields, role: groupRoleSchema })),
});
export type GroupMembers = z.output<typeof groupMembersSchema>;

/** A member of either list, for the pages shared by building and group users. */
export type Member<R extends string> = Omit<BuildingMembers['users'][number], 'role' | 'banned'> & {
  role: R;
  /** Building users only: groups have no ban. */
  banned?: boolean;
};
export type PendingInvitation<R extends string> = Omit<BuildingMembers['invitations'][number], 'role'> & {
  role: R;
};
/** What either list answers, its roles those of the list: both schemas' outputs fit it. */
export interface MembersAnswer<R extends string> {
  users: Member<R>[];
  invitations: PendingInvitation<R>[];
}

/** An invitation just sent (201): the link in the mail works until `expiresAt`. */
export const invitationSentSchema = z.object({
  email: z.string(),
  role: z.string(),
  expiresAt: timestampSchema,
});
export type InvitationSent = z.output<typeof invitationSentSchema>;

/** GET /api/invitations/:token: what the invitation page shows before the person accepts. */
export const invitationDescriptionSchema = z.object({
  scope: z.enum(invitationScopes),
  targetName: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: timestampSchema,
  used: z.boolean(),
  expired: z.boolean(),
});
export type InvitationDescription = z.output<typeof invitationDescriptionSchema>;

/** POST /api/invitations/:token/accept: what was granted, and where (a building's ref for a building). */
export const invitationAcceptedSchema = z.object({
  scope: z.enum(invitationScopes),
  targetId: z.string(),
  buildingRef: z.string().nullable(),
  role: z.string(),
});
export type InvitationAccepted = z.output<typeof invitationAcceptedSchema>;

/** GET /api/billing-accounts/:id: the account's status, buildings, groups and users, for its admins. */
export const billingAccountDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(billingAccountStatuses),
  paymentMethod: z.string(),
  paidUntil: timestampSchema.nullable(),
  billingStatus: z.enum(billingStatuses),
  buildings: z.array(z.object({ ref: z.string(), name: z.string(), buildingGroupId: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  users: z.array(z.object({ userId: z.string(), role: z.string() })),
});
export type BillingAccountDetail = z.output<typeof billingAccountDetailSchema>;
