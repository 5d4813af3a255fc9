import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  billingAccountDetailSchema,
  buildingCreateSchema,
  buildingViewSchema,
  invitationSentSchema,
  inviteBillingAccountUserSchema,
} from '@copro/domain';
import { billingAccount, buildingGroup } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { billingAdmin, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { createBuilding } from './buildings';
import { invite } from './invitations';
import { billingAccountDetail } from './memberships';
import { billingParams } from './params';

/** /billing-accounts/{id}: for the account's admins only. */
export function billingRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/billing-accounts/:billingAccountId',
    {
      config: { permission: billingAdmin },
      schema: { params: billingParams, response: { 200: billingAccountDetailSchema } },
    },
    async (req) => billingAccountDetail(platform.db, req.params.billingAccountId),
  );

  api.post(
    '/api/billing-accounts/:billingAccountId/buildings',
    {
      config: { permission: billingAdmin },
      schema: { params: billingParams, body: buildingCreateSchema, response: { 201: buildingViewSchema } },
    },
    async (req, reply) => {
      const [group] = await platform.db
        .select()
        .from(buildingGroup)
        .where(eq(buildingGroup.id, req.body.buildingGroupId));
      if (group?.billingAccountId !== req.params.billingAccountId) throw new AppError('notFound');
      reply.status(201);
      return createBuilding(platform, userOf(req), req.body);
    },
  );

  api.post(
    '/api/billing-accounts/:billingAccountId/invitations',
    {
      config: { permission: billingAdmin },
      schema: {
        params: billingParams,
        body: inviteBillingAccountUserSchema,
        response: { 201: invitationSentSchema },
      },
    },
    async (req, reply) => {
      const [account] = await platform.db
        .select()
        .from(billingAccount)
        .where(eq(billingAccount.id, req.params.billingAccountId));
      if (!account) throw new AppError('notFound');
      const target = {
        scope: 'billingAccount' as const,
        targetId: account.id,
        buildingId: null,
        name: account.name,
      };
      const { expiresAt } = await invite(platform, userOf(req), target, req.body);
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );
}
