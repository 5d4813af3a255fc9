import type { FastifyInstance } from 'fastify';
import { buildingGroupEditSchema, changeGroupRoleSchema, inviteGroupUserSchema } from '@copro/domain';
import type { Platform } from '../../platform/platform';
import { inGroup, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { editBuildingGroup, groupView } from './groups';
import { cancelInvitation, invite } from './invitations';
import { changeGroupRole, groupTarget, listGroupUsers, removeGroupUser } from './members';
import { groupInvitationParams, groupParams, groupUserParams } from './params';

/** /building-group/{id}: the group, its settings, its users and invitations. */
export function groupRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/building-groups/:buildingGroupId',
    { config: { permission: inGroup('group.view') }, schema: { params: groupParams } },
    async (req) => groupView(platform, req.params.buildingGroupId, userOf(req), req.ctx.groupRole),
  );

  api.patch(
    '/api/building-groups/:buildingGroupId',
    {
      config: { permission: inGroup('group.edit') },
      schema: { params: groupParams, body: buildingGroupEditSchema },
    },
    async (req) => {
      await editBuildingGroup(platform, req.params.buildingGroupId, userOf(req), req.body);
      return groupView(platform, req.params.buildingGroupId, userOf(req), req.ctx.groupRole);
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
      const target = await groupTarget(platform, req.params.buildingGroupId);
      const { expiresAt } = await invite(platform, userOf(req), target, req.body);
      reply.status(201);
      return { email: req.body.email, role: req.body.role, expiresAt: expiresAt.toISOString() };
    },
  );

  api.delete(
    '/api/building-groups/:buildingGroupId/invitations/:email',
    { config: { permission: inGroup('group.users.edit') }, schema: { params: groupInvitationParams } },
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
}
