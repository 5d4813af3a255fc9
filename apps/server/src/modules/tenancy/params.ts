import { z } from 'zod';
import { emailSchema } from '@copro/domain';

export const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
export const buildingUserParams = buildingParams.extend({ userId: z.string().min(1).max(100) });
export const buildingInvitationParams = buildingParams.extend({ email: emailSchema });
export const groupParams = z.object({ buildingGroupId: z.string().min(1).max(40) });
export const groupUserParams = groupParams.extend({ userId: z.string().min(1).max(100) });
export const groupInvitationParams = groupParams.extend({ email: emailSchema });
export const billingParams = z.object({ billingAccountId: z.string().min(1).max(40) });
export const tokenParams = z.object({ token: z.string().min(1).max(100) });
