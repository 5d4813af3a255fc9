import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  buildingGroupEditSchema,
  buildingGroupViewSchema,
  changeGroupRoleSchema,
  groupMembersSchema,
  invitationSentSchema,
  inviteGroupUserSchema,
  type GroupRole,
} from '@copro/domain';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { inGroup, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { editBuildingGroup, groupView } from './groups';
import { cancelInvitation, invite } from './invitations';
import { changeGroupRole, groupTarget, listGroupUsers, removeGroupUser } from './members';
import { groupInvitationParams, groupParams, groupUserParams } from './params';

/** Every change of the users answers the new list, which replaces the page's. */
const members = { 200: groupMembersSchema };
const group = { 200: buildingGroupViewSchema };

/** The caller's role in the group of a group route: the guard let in members only. */
function groupRoleOf(req: FastifyRequest): GroupRole {
  if (!req.ctx.groupRole) throw new AppError('notFound');
  return req.ctx.groupRole;
}

/** /building-group/{id}: the group, its settings, its users and invitations. */
export function groupRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/building-groups/:buildingGroupId',
    { config: { permission: inGroup('group.view') }, schema: { params: groupParams, response: group } },
    async (req) => groupView(platform, req.params.buildingGroupId, userOf(req), groupRoleOf(req)),
  );

  api.patch(
    '/api/building-groups/:buildingGroupId',
    {
      config: { permission: inGroup('group.edit') },
      schema: { params: groupParams, body: buildingGroupEditSchema, response: group },
    },
    async (req) => {
      await editBuildingGroup(platform, req.params.buildingGroupId, userOf(req), req.body);
      return groupView(platform, req.params.buildingGroupId, userOf(req), groupRoleOf(req));
    },
  );

  api.get(
    '/api/building-groups/:buildingGroupId/users',
    {
      config: { permission: inGroup('building-group.users.view') },
      schema: { params: groupParams, response: members },
    },
    async (req) => listGroupUsers(platform, req.params.buildingGroupId),
  );

  api.post(
    '/api/building-groups/:buildingGroupId/invitations',
    {
      config: { permission: inGroup('group.users.edit') },
      schema: { params: groupParams, body: inviteGroupUserSchema, response: { 201: invitationSentSchema } },
    },
    async (req, reply) => {
      const target = await groupTarget(platform, req.params.buildingGroupId);
      const { expiresAt } = await invite(platform, userOf(req), target, req.body);
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );

  api.delete(
    '/api/building-groups/:buildingGroupId/invitations/:email',
    {
      config: { permission: inGroup('group.users.edit') },
      schema: { params: groupInvitationParams, response: members },
    },
    async (req) => {
      const target = await groupTarget(platform, req.params.buildingGroupId);
      await cancelInvitation(platform, userOf(req), target, req.params.email);
      return listGroupUsers(platform, req.params.buildingGroupId);
    },
  );

  api.patch(
    '/api/building-groups/:buildingGroupId/users/:userId',
    {
      config: { permission: inGroup('group.users.edit') },
      schema: { params: groupUserParams, body: changeGroupRoleSchema, response: members },
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
    {
      config: { permission: inGroup('group.users.edit') },
      schema: { params: groupUserParams, response: members },
    },
    async (req) => {
      await removeGroupUser(platform, req.params.buildingGroupId, userOf(req), req.params.userId);
      return listGroupUsers(platform, req.params.buildingGroupId);
    },
  );
}
