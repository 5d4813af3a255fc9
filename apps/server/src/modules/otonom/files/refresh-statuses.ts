import { and, eq, inArray, like } from 'drizzle-orm';
import {
  isoDateSchema,
  isReturnCode,
  otonomStatuses,
  withPartnerStatuses,
  type OtonomStatus,
  type RefusedStatus,
  type StatusRefreshResult,
} from '@copro/domain';
import type { Db } from '../../../db/client';
import { padFile, padOrder } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { OtonomContext } from '../context';
import { lockedOrder } from '../orders/move-order';
import { PartnerError, type PaymentPartner } from '../partner/partner';
import { applyStatus } from './apply-status';

/**
 * Asks the partner the status of every order it holds (DOMAIN 8, SPEC 4): the orders in a status
 * awaiting its answer (`withPartnerStatuses`) that went in one of the partner's files (an order of
 * a CPA-005 file is with the bank, whose returns come in a return file). Each answer is applied
 * through the allowed chain (apply-status.ts); one with an unknown status, an unknown return
 * code, or no allowed chain is reported and not forced. The partner is asked before the database
 * transaction, so no lock waits on it; each order is then re-read locked, so an order someone
 * moved meanwhile is judged from where it is now.
 */

const invalid = (key: string, params?: Record<string, string>) =>
  new AppError('validation', [{ path: [], key, ...(params ? { params } : {}) }]);

const isStatus = (value: string): value is OtonomStatus =>
  (otonomStatuses as readonly string[]).includes(value);

/** The references of the building's orders the partner holds. */
async function withPartner(db: Db, buildingId: string): Promise<string[]> {
  const rows = await db
    .select({ reference: padOrder.reference })
    .from(padOrder)
    .innerJoin(padFile, and(eq(padFile.buildingId, padOrder.buildingId), eq(padFile.uuid, padOrder.fileUuid)))
    .where(
      and(
        eq(padOrder.buildingId, buildingId),
        inArray(padOrder.status, [...withPartnerStatuses]),
        like(padFile.format, 'otonom-%'),
      ),
    );
  return rows.map((r) => r.reference);
}

export async function refreshStatuses(
  db: Db,
  ctx: OtonomContext,
  partner: PaymentPartner | null,
): Promise<StatusRefreshResult> {
  const b = ctx.building;
  const references = await withPartner(db, b.id);
  const result: StatusRefreshResult = { updated: 0, unchanged: 0, refused: [] };
  if (references.length === 0) return result;
  if (!partner) throw invalid('otonom.validation.partnerNotConfigured');

  let answers;
  try {
    answers = await partner.statuses({
      buildingOtonomId: b.otonom.id?.trim() ?? '',
      clientId: b.otonom.clientId?.trim() ?? '',
      references,
    });
  } catch (error) {
    if (error instanceof PartnerError)
      throw invalid('otonom.validation.partnerFailed', { reason: error.reason });
    throw error;
  }

  const asked = new Set(references);
  await db.transaction(async (tx) => {
    for (const answer of answers) {
      // Only what was asked: the partner does not move orders it was not asked about.
      if (!asked.has(answer.reference)) continue;
      const refuse = (key: string, params?: Record<string, string>) => {
        const refusal: RefusedStatus = { reference: answer.reference, key, ...(params ? { params } : {}) };
        result.refused.push(refusal);
      };
      if (!isStatus(answer.status)) {
        refuse('otonom.files.refresh.unknownStatus', { status: answer.status });
        continue;
      }
      const code = answer.returnCode?.trim() || null;
      const returnCode = code !== null && isReturnCode(code) ? code : null;
      if (code !== null && returnCode === null) {
        refuse('otonom.validation.unknownReturnCode');
        continue;
      }
      const order = await lockedOrder(tx, b.id, { reference: answer.reference });
      if (!order) continue;
      // A date that is no calendar day is left out: the building's today stands in.
      const date = isoDateSchema.safeParse(answer.date).success ? answer.date : null;
      const outcome = await applyStatus(tx, ctx, order, { status: answer.status, returnCode, date });
      if (outcome.outcome === 'updated') result.updated += 1;
      else if (outcome.outcome === 'unchanged') result.unchanged += 1;
      else refuse(outcome.key, outcome.params);
    }
  });
  return result;
}
