import type { FastifyInstance } from 'fastify';
import { invitationAcceptedSchema, invitationDescriptionSchema, membershipsSchema } from '@copro/domain';
import type { Platform } from '../../platform/platform';
import { publicRoute, signedIn, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { acceptInvitation, describeInvitation } from './invitations';
import { membershipsOf } from './memberships';
import { tokenParams } from './params';

/** What the signed-in user reaches, and the invitations that grant more. */
export function membershipRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/memberships',
    { config: { permission: signedIn }, schema: { response: { 200: membershipsSchema } } },
    async (req) => membershipsOf(platform.db, userOf(req).id),
  );

  api.get(
    '/api/invitations/:token',
    {
      config: { permission: publicRoute },
      schema: { params: tokenParams, response: { 200: invitationDescriptionSchema } },
    },
    async (req) => describeInvitation(platform.db, req.params.token),
  );

  api.post(
    '/api/invitations/:token/accept',
    {
      config: { permission: signedIn },
      schema: { params: tokenParams, response: { 200: invitationAcceptedSchema } },
    },
    async (req) => acceptInvitation(platform, userOf(req), req.params.token),
  );
}
