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
import { lockedOrder, lockedOrders } from '../orders/move-order';
import { PartnerError, type PaymentPartner } from '../partner/partner';
import {
  applyStatus,
  applyStatuses,
  type AnsweredOrder,
  type AnsweredStatus,
  type StatusOutcome,
} from './apply-status';

/**
 * Asks the partner the status of every order it holds (DOMAIN 8, SPEC 4): the orders in a status
 * awaiting its answer (`withPartnerStatuses`) that went in one of the partner's files (an order of
 * a CPA-005 file is with the bank, whose returns come in a return file). Each answer is applied
 * through the allowed chain (apply-status.ts); one with an unknown status, an unknown return
 * code, or no allowed chain is reported and not forced. The partner is asked before the database
 * transaction, so no lock waits on it; the orders are then re-read locked (in one statement), so
 * an order someone moved meanwhile is judged from where it is now. The answers are applied
 * together (`applyStatuses`: the orders walking the same chain move in a few statements, their
 * payments posted at once), one refused order isolated from the others.
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
  // Each refusal with its answer's place: reported in the partner's order.
  const refusals: { at: number; refusal: RefusedStatus }[] = [];
  const refuse = (at: number, reference: string, key: string, params?: Record<string, string>) =>
    refusals.push({ at, refusal: { reference, key, ...(params ? { params } : {}) } });
  const valid: { at: number; reference: string; answer: AnsweredStatus }[] = [];
  answers.forEach((answer, at) => {
    // Only what was asked: the partner does not move orders it was not asked about.
    if (!asked.has(answer.reference)) return;
    if (!isStatus(answer.status)) {
      refuse(at, answer.reference, 'otonom.files.refresh.unknownStatus', { status: answer.status });
      return;
    }
    const code = answer.returnCode?.trim() || null;
    const returnCode = code !== null && isReturnCode(code) ? code : null;
    if (code !== null && returnCode === null) {
      refuse(at, answer.reference, 'otonom.validation.unknownReturnCode');
      return;
    }
    // A date that is no calendar day is left out: the building's today stands in.
    const date = isoDateSchema.safeParse(answer.date).success ? answer.date : null;
    valid.push({ at, reference: answer.reference, answer: { status: answer.status, returnCode, date } });
  });

  await db.transaction(async (tx) => {
    const orders = await lockedOrders(
      tx,
      b.id,
      valid.map((v) => v.reference),
    );
    // An order answered twice: its first answer goes with the others, the next ones after, in turn.
    const first: (AnsweredOrder & { at: number; reference: string })[] = [];
    const again: typeof valid = [];
    const seen = new Set<string>();
    for (const v of valid) {
      const order = orders.get(v.reference);
      if (!order) continue;
      if (seen.has(v.reference)) again.push(v);
      else first.push({ at: v.at, reference: v.reference, order, answer: v.answer });
      seen.add(v.reference);
    }
    const count = (at: number, reference: string, outcome: StatusOutcome) => {
      if (outcome.outcome === 'updated') result.updated += 1;
      else if (outcome.outcome === 'unchanged') result.unchanged += 1;
      else refuse(at, reference, outcome.key, outcome.params);
    };
    const outcomes = await applyStatuses(tx, ctx, first);
    first.forEach(({ at, reference }, i) => {
      const outcome = outcomes[i];
      if (outcome) count(at, reference, outcome);
    });
    for (const { at, reference, answer } of again) {
      const order = await lockedOrder(tx, b.id, { reference });
      if (order) count(at, reference, await applyStatus(tx, ctx, order, answer));
    }
  });
  result.refused = refusals.sort((a, b) => a.at - b.at).map((r) => r.refusal);
  return result;
}
