import type { FastifyRequest } from 'fastify';
import { can } from '@copro/domain';
import type { Tx } from '../../db/client';
import { userSource } from '../../platform/audit';
import { yearOf, type YearScope } from '../../platform/fiscal-year-scope';
import { writeOnce } from '../../platform/idempotency';
import type { Platform } from '../../platform/platform';
import { buildingOf, userOf } from '../../platform/routes';
import type { PayablesContext } from './context';
import { publishPayablesChange } from './live';
import type { Reader } from './payments/payment-views';

/** What a write of the signed-in user works with, in the year `scope`. */
export function payablesContextOf(
  platform: Platform,
  req: FastifyRequest,
  scope: YearScope,
): PayablesContext {
  const user = userOf(req);
  return {
    scope,
    source: userSource(user),
    user,
    building: buildingOf(req).building,
    mailer: platform.mailer,
  };
}

/** The reader of payments: the signed-in user, their language, and whether their role approves payments. */
export function readerOf(req: FastifyRequest): Reader {
  const access = buildingOf(req);
  return {
    userId: userOf(req).id,
    canApprove: can({ role: access.role, banned: access.banned }, 'payments.approve', access.policy),
    language: req.ctx.language,
  };
}

/**
 * A write of the request's year in one database transaction; sent again with its idempotency key,
 * it is done once. `announce` tells open pages of a change the ledger does not announce (a pending
 * payment, a decision, a recurring bill move no money).
 */
export async function payablesWrite<T>(
  platform: Platform,
  req: FastifyRequest,
  work: (tx: Tx, ctx: PayablesContext) => Promise<T>,
  { announce }: { announce: boolean },
): Promise<T> {
  const ctx = payablesContextOf(platform, req, await yearOf(platform.db, req));
  return writeOnce(platform.db, platform.clock, req, async (tx) => {
    const result = await work(tx, ctx);
    if (announce) await publishPayablesChange(tx, ctx.scope.buildingId);
    return result;
  });
}
