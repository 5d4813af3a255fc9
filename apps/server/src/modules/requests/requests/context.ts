import type { FastifyRequest } from 'fastify';
import { can, type Language } from '@copro/domain';
import type { LogSource } from '../../../db/schema/index';
import { userSource } from '../../../platform/audit';
import { requestToday } from '../../../platform/request-clock';
import { buildingOf, userOf, type SessionUser } from '../../../platform/routes';

/** What a request route of a building works with. */
export interface RequestsContext {
  buildingId: string;
  buildingName: string;
  buildingGroupId: string;
  tagsMandatory: boolean;
  user: SessionUser;
  source: LogSource;
  /** Handlers, approvers and admins handle every request; the others see and add to their own. */
  canHandle: boolean;
  /**
   * Whether the user reads every request and its internal notes: a handling role, banned or not
   * (a ban withdraws writes, never reads).
   */
  readsAll: boolean;
  /** Owners, residents and approvers make their own (`requests.create.self`). */
  canCreateOwn: boolean;
  language: Language;
  today: string;
}

export function requestsContextOf(req: FastifyRequest): RequestsContext {
  const access = buildingOf(req);
  const user = userOf(req);
  const actor = { role: access.role, banned: access.banned };
  return {
    buildingId: access.building.id,
    buildingName: access.building.name,
    buildingGroupId: access.building.buildingGroupId,
    tagsMandatory: access.building.requestTagsMandatory,
    user,
    source: userSource(user),
    canHandle: can(actor, 'requests.handle', access.policy),
    readsAll: can({ ...actor, banned: false }, 'requests.handle', access.policy),
    canCreateOwn: can(actor, 'requests.create.self', access.policy),
    language: req.ctx.language,
    today: requestToday(req),
  };
}
