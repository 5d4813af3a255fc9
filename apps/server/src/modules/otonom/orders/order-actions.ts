import {
  buildingToday,
  canMove,
  isReturned,
  statusesByHand,
  sumCents,
  type OrderStatusChange,
  type PadOrderView,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { OtonomContext } from '../context';
import { padSettingsRow } from '../settings/settings';
import { runDebits, type DebitRunAnswer } from './debit-run';
import { lockedOrder, moveOrder } from './move-order';
import { orderViewOf } from './order-list';
import type { PadOrderRow } from './order-view';

/**
 * A status given by hand (a partner's answer read elsewhere, a return told by phone): through the
 * one door, `moveOrder`, which refuses what the lifecycle forbids and moves the money. A return
 * names its reason. Answers the order as the page shows it.
 */
export async function changeOrderStatus(
  tx: DbOrTx,
  ctx: OtonomContext,
  uuid: string,
  input: OrderStatusChange,
): Promise<PadOrderView> {
  if (isReturned(input.status) && !input.returnCode) {
    throw new AppError('validation', [{ path: ['returnCode'], key: 'otonom.validation.returnCodeRequired' }]);
  }
  const order = await lockedOrder(tx, ctx.building.id, { uuid });
  if (!order) throw new AppError('notFound');
  if (!statusesByHand(order.status).includes(input.status) && canMove(order.status, input.status))
    throw new AppError('validation', [{ path: ['status'], key: 'otonom.validation.sentOnlyByFile' }]);
  const moved = await moveOrder(tx, ctx, order, input.status, {
    returnCode: input.returnCode ?? null,
    ...(input.date ? { date: input.date } : {}),
    chargeFee: input.chargeFee,
    emailOwner: input.emailOwner,
    ...(input.note ? { note: input.note } : {}),
  });
  return orderViewOf(tx, moved);
}

/**
 * An approver approves debits waiting for approval: each goes to ready to send. One already past
 * approval (another approver was first) is left as it is and not counted; an unknown one is
 * refused. Locked in a fixed order, so two approvals of overlapping lists never wait on each other.
 * Logged once with what was approved.
 */
export async function approveOrders(
  tx: DbOrTx,
  ctx: OtonomContext,
  uuids: readonly string[],
): Promise<{ approved: number }> {
  const approved: PadOrderRow[] = [];
  for (const uuid of [...new Set(uuids)].sort()) {
    const order = await lockedOrder(tx, ctx.building.id, { uuid });
    if (!order) throw new AppError('notFound');
    if (order.status !== 'waitingApproval') continue;
    approved.push(await moveOrder(tx, ctx, order, 'readyToSendToOtonom', {}));
  }
  if (approved.length > 0) {
    await writeLog(tx, {
      buildingId: ctx.building.id,
      event: 'otonomOrdersApproved',
      source: ctx.source,
      message: `Pre-authorized debits approved: ${approved.length}`,
      metadata: {
        count: approved.length,
        total: sumCents(approved.map((o) => o.amount)),
        orders: approved.map((o) => ({ uuid: o.uuid, reference: o.reference })),
      },
      indexes: approved.map((o) => o.uuid),
    });
  }
  return { approved: approved.length };
}

/**
 * The monthly run asked by a user, as of `asOf` (the building's today when omitted): refused
 * ahead of the building's today, which would debit what is not due yet, and before the area's
 * settings exist.
 */
export async function runDebitsAsked(
  tx: DbOrTx,
  ctx: OtonomContext,
  asOf: string | undefined,
): Promise<DebitRunAnswer> {
  const today = buildingToday(ctx.building, ctx.now);
  const refused = (key: string, params?: Record<string, string>) =>
    new AppError('validation', [{ path: ['asOf'], key, ...(params ? { params } : {}) }]);
  if (asOf && asOf > today) throw refused('otonom.orders.validation.asOfInFuture', { today });
  if (!(await padSettingsRow(tx, ctx.building.id))) throw refused('otonom.validation.noSettings');
  return runDebits(tx, ctx, ctx.building.id, asOf ?? today);
}
