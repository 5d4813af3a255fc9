import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  buildingMembersSchema,
  buildingRoles,
  canManageMember,
  invitationSentSchema,
  inviteBuildingUserSchema,
} from '@copro/domain';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { cancelInvitation, invite } from './invitations';
import { buildingTarget, listBuildingUsers, removeBuildingUser, updateBuildingMember } from './members';
import { buildingInvitationParams, buildingParams, buildingUserParams } from './params';

const buildingUserPatch = z
  .object({ role: z.enum(buildingRoles).optional(), banned: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.banned !== undefined, { message: 'validation.completeForm' });

/** Every change answers the new list, which replaces the page's. */
const members = { 200: buildingMembersSchema };

/** admin/users: a building's users, their roles and bans, and the invitations still open. */
export function buildingUserRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/buildings/:buildingRef/users',
    {
      config: { permission: inBuilding('users.view') },
      schema: { params: buildingParams, response: members },
    },
    async (req) => listBuildingUsers(platform, buildingOf(req)),
  );

  api.post(
    '/api/buildings/:buildingRef/invitations',
    {
      config: { permission: inBuilding('users.edit') },
      schema: {
        params: buildingParams,
        body: inviteBuildingUserSchema,
        response: { 201: invitationSentSchema },
      },
    },
    async (req, reply) => {
      const access = buildingOf(req);
      if (!canManageMember(access.role, null, req.body.role)) throw new AppError('forbidden');
      const { expiresAt } = await invite(platform, userOf(req), buildingTarget(access), req.body);
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );

  api.delete(
    '/api/buildings/:buildingRef/invitations/:email',
    {
      config: { permission: inBuilding('users.edit') },
      schema: { params: buildingInvitationParams, response: members },
    },
    async (req) => {
      await cancelInvitation(platform, userOf(req), buildingTarget(buildingOf(req)), req.params.email);
      return listBuildingUsers(platform, buildingOf(req));
    },
  );

  api.patch(
    '/api/buildings/:buildingRef/users/:userId',
    {
      config: { permission: inBuilding('users.edit') },
      schema: { params: buildingUserParams, body: buildingUserPatch, response: members },
    },
    async (req) => {
      const access = buildingOf(req);
      await updateBuildingMember(platform, access, userOf(req), req.params.userId, req.body);
      return listBuildingUsers(platform, access);
    },
  );

  api.delete(
    '/api/buildings/:buildingRef/users/:userId',
    {
      config: { permission: inBuilding('users.edit') },
      schema: { params: buildingUserParams, response: members },
    },
    async (req) => {
      await removeBuildingUser(platform, buildingOf(req), userOf(req), req.params.userId);
      return listBuildingUsers(platform, buildingOf(req));
    },
  );
}
