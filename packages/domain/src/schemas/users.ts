import { z } from 'zod';
import { billingAccountRoles, buildingRoles, groupRoles } from '../permissions';
import { emailSchema } from './common';

export const inviteBuildingUserSchema = z.object({ email: emailSchema, role: z.enum(buildingRoles) });
export const inviteGroupUserSchema = z.object({ email: emailSchema, role: z.enum(groupRoles) });
export const inviteBillingAccountUserSchema = z.object({
  email: emailSchema,
  role: z.enum(billingAccountRoles),
});
export const changeBuildingRoleSchema = z.object({ role: z.enum(buildingRoles) });
export const changeGroupRoleSchema = z.object({ role: z.enum(groupRoles) });
export const banUserSchema = z.object({ banned: z.boolean() });

/** Invitation tokens live a week: long enough for a board member to read their mail. */
export const invitationLifetimeDays = 7;
export const invitationScopes = ['building', 'group', 'billingAccount'] as const;
export type InvitationScope = (typeof invitationScopes)[number];
