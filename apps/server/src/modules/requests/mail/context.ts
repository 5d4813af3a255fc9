import type { FastifyRequest } from 'fastify';
import type { Language } from '@copro/domain';
import type { building, LogSource } from '../../../db/schema/index';
import { userSource } from '../../../platform/audit';
import { buildingOf, userOf } from '../../../platform/routes';

/** What a handler's read or write of request emails works with. */
export interface MailContext {
  building: typeof building.$inferSelect;
  buildingId: string;
  userId: string;
  source: LogSource;
  /** The handler's language: log messages are written in it. */
  language: Language;
}

export function mailContextOf(req: FastifyRequest): MailContext {
  const b = buildingOf(req).building;
  const user = userOf(req);
  return {
    building: b,
    buildingId: b.id,
    userId: user.id,
    source: userSource(user),
    language: req.ctx.language,
  };
}
