import type { FastifyRequest } from 'fastify';
import type { Language } from '@copro/domain';
import type { LogSource } from '../../db/schema/index';
import { userSource } from '../../platform/audit';
import { requestToday } from '../../platform/request-clock';
import { buildingOf, userOf } from '../../platform/routes';

/**
 * What a reconciliation write or read works with. Periods are the bank's, not a fiscal year's
 * (a bank keeps its uuid and ledger account across years), so the context is the building.
 */
export interface ReconciliationContext {
  buildingId: string;
  source: LogSource;
  /** The reader's language: descriptions and log messages are written in it. */
  language: Language;
  /** The building's today (its time zone; the test clock in tests). */
  today: string;
}

export function reconciliationContextOf(req: FastifyRequest): ReconciliationContext {
  return {
    buildingId: buildingOf(req).building.id,
    source: userSource(userOf(req)),
    language: req.ctx.language,
    today: requestToday(req),
  };
}
