import type { FastifyRequest } from 'fastify';
import { userSource } from '../../../platform/audit';
import type { Platform } from '../../../platform/platform';
import { buildingOf, userOf } from '../../../platform/routes';
import type { OtonomContext } from '../context';

/** The context of a user's request: the user acts, named in the orders' history by their name. */
export function requestContext(req: FastifyRequest, platform: Platform): OtonomContext {
  const user = userOf(req);
  return {
    source: userSource(user),
    sourceName: user.name || user.email,
    building: buildingOf(req).building,
    mailer: platform.mailer,
    now: platform.clock.now(),
  };
}
