import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  buildingCreateSchema,
  buildingEditSchema,
  buildingRoles,
  changeGroupRoleSchema,
  inviteBillingAccountUserSchema,
  inviteBuildingUserSchema,
  inviteGroupUserSchema,
} from '@copro/domain';
import { eq } from 'drizzle-orm';
import { billingAccount, buildingGroup } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import {
  billingAdmin,
  buildingOf,
  inBuilding,
  inGroup,
  publicRoute,
  signedIn,
  userOf,
} from '../../platform/routes';
import { typed } from '../../platform/typed';
import { buildingView, createBuilding, editBuilding } from './buildings';
import { acceptInvitation, describeInvitation, invite } from './invitations';
import {
  buildingTarget,
  changeBuildingRole,
  changeGroupRole,
  groupTarget,
  listBuildingUsers,
  listGroupUsers,
  removeBuildingUser,
  removeGroupUser,
  setBuildingUserBanned,
} from './members';
import { billingAccountDetail, membershipsOf } from './memberships';

const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
const buildingUserParams = buildingParams.extend({ userId: z.string().min(1).max(100) });
const groupParams = z.object({ buildingGroupId: z.string().min(1).max(40) });
const groupUserParams = groupParams.extend({ userId: z.string().min(1).max(100) });
const billingParams = z.object({ billingAccountId: z.string().min(1).max(40) });
const tokenParams = z.object({ token: z.string().min(1).max(100) });
const buildingUserPatch = z
  .object({ role: z.enum(buildingRoles).optional(), banned: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.banned !== undefined, { message: 'validation.completeForm' });

export function tenancyRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get('/api/memberships', { config: { permission: signedIn } }, async (req) =>
    membershipsOf(platform.db, userOf(req).id),
  );

  api.get(
    '/api/buildings/:buildingRef',
    { config: { permission: inBuilding('building.view') }, schema: { params: buildingParams } },
    async (req) => {
      const access = buildingOf(req);
      return {
        building: await buildingView(platform.db, access.building),
        role: access.role,
        banned: access.banned,
      };
    },
  );

  api.patch(
    '/api/buildings/:buildingRef',
    {
      config: { permission: inBuilding('building.edit') },
      schema: { params: buildingParams, body: buildingEditSchema },
    },
    async (req) => editBuilding(platform, buildingOf(req), userOf(req), req.body),
  );

  api.post(
    '/api/billing-accounts/:billingAccountId/buildings',
    { config: { permission: billingAdmin }, schema: { params: billingParams, body: buildingCreateSchema } },
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

  api.get(
    '/api/buildings/:buildingRef/users',
    { config: { permission: inBuilding('users.view') }, schema: { params: buildingParams } },
    async (req) => listBuildingUsers(platform, buildingOf(req)),
  );

  api.post(
    '/api/buildings/:buildingRef/invitations',
    {
      config: { permission: inBuilding('users.edit') },
      schema: { params: buildingParams, body: inviteBuildingUserSchema },
    },
    async (req, reply) => {
      const { expiresAt } = await invite(platform, userOf(req), buildingTarget(buildingOf(req)), req.body);
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );

  api.patch(
    '/api/buildings/:buildingRef/users/:userId',
    {
      config: { permission: inBuilding('users.edit') },
      schema: { params: buildingUserParams, body: buildingUserPatch },
    },
    async (req) => {
      const access = buildingOf(req);
      if (req.body.role)
        await changeBuildingRole(platform, access, userOf(req), req.params.userId, req.body.role);
      if (req.body.banned !== undefined)
        await setBuildingUserBanned(platform, access, userOf(req), req.params.userId, req.body.banned);
      return listBuildingUsers(platform, access);
    },
  );

  api.delete(
    '/api/buildings/:buildingRef/users/:userId',
    { config: { permission: inBuilding('users.edit') }, schema: { params: buildingUserParams } },
    async (req) => {
      await removeBuildingUser(platform, buildingOf(req), userOf(req), req.params.userId);
      return listBuildingUsers(platform, buildingOf(req));
    },
  );

  api.get(
    '/api/building-groups/:buildingGroupId',
    { config: { permission: inGroup('group.view') }, schema: { params: groupParams } },
    async (req) => {
      const [group] = await platform.db
        .select()
        .from(buildingGroup)
        .where(eq(buildingGroup.id, req.params.buildingGroupId));
      if (!group) throw new AppError('notFound');
      const memberships = await membershipsOf(platform.db, userOf(req).id);
      return {
        id: group.id,
        name: group.name,
        logoUrl: group.logoUrl,
        role: req.ctx.groupRole,
        buildings: memberships.buildings.filter((b) => b.buildingGroupId === group.id),
      };
    },
  );

  api.get(
    '/api/building-groups/:buildingGroupId/users',
    { config: { permission: inGroup('building-group.users.view') }, schema: { params: groupParams } },
    async (req) => listGroupUsers(platform, req.params.buildingGroupId),
  );

  api.post(
    '/api/building-groups/:buildingGroupId/invitations',
    {
      config: { permission: inGroup('group.users.edit') },
      schema: { params: groupParams, body: inviteGroupUserSchema },
    },
    async (req, reply) => {
      const { expiresAt } = await invite(
        platform,
        userOf(req),
        await groupTarget(platform, req.params.buildingGroupId),
        req.body,
      );
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );

  api.patch(
    '/api/building-groups/:buildingGroupId/users/:userId',
    {
      config: { permission: inGroup('group.users.edit') },
      schema: { params: groupUserParams, body: changeGroupRoleSchema },
    },
    async (req) => {
      await changeGroupRole(
        platform,
        req.params.buildingGroupId,
        userOf(req),
        req.params.userId,
        req.body.role,
      );
      return listGroupUsers(platform, req.params.buildingGroupId);
    },
  );

  api.delete(
    '/api/building-groups/:buildingGroupId/users/:userId',
    { config: { permission: inGroup('group.users.edit') }, schema: { params: groupUserParams } },
    async (req) => {
      await removeGroupUser(platform, req.params.buildingGroupId, userOf(req), req.params.userId);
      return listGroupUsers(platform, req.params.buildingGroupId);
    },
  );

  api.get(
    '/api/billing-accounts/:billingAccountId',
    { config: { permission: billingAdmin }, schema: { params: billingParams } },
    async (req) => billingAccountDetail(platform.db, req.params.billingAccountId),
  );

  api.post(
    '/api/billing-accounts/:billingAccountId/invitations',
    {
      config: { permission: billingAdmin },
      schema: { params: billingParams, body: inviteBillingAccountUserSchema },
    },
    async (req, reply) => {
      const [account] = await platform.db
        .select()
        .from(billingAccount)
        .where(eq(billingAccount.id, req.params.billingAccountId));
      if (!account) throw new AppError('notFound');
      const { expiresAt } = await invite(
        platform,
        userOf(req),
        { scope: 'billingAccount', targetId: account.id, buildingId: null, name: account.name },
        req.body,
      );
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );

  api.get(
    '/api/invitations/:token',
    { config: { permission: publicRoute }, schema: { params: tokenParams } },
    async (req) => describeInvitation(platform.db, req.params.token),
  );

  api.post(
    '/api/invitations/:token/accept',
    { config: { permission: signedIn }, schema: { params: tokenParams } },
    async (req) => acceptInvitation(platform, userOf(req), req.params.token),
  );
}
