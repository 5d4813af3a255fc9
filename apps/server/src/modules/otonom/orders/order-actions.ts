import { isReturned, sumCents, type OrderStatusChange } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { OtonomContext } from '../context';
import { lockedOrder, moveOrder } from './move-order';
import type { PadOrderRow } from './order-view';

/**
 * A status given by hand (a partner's answer read elsewhere, a return told by phone): through the
 * one door, `moveOrder`, which refuses what the lifecycle forbids and moves the money. A return
 * names its reason.
 */
export async function changeOrderStatus(
  tx: DbOrTx,
  ctx: OtonomContext,
  uuid: string,
  input: OrderStatusChange,
): Promise<PadOrderRow> {
  if (isReturned(input.status) && !input.returnCode) {
    throw new AppError('validation', [{ path: ['returnCode'], key: 'otonom.validation.returnCodeRequired' }]);
  }
  const order = await lockedOrder(tx, ctx.building.id, uuid);
  if (!order) throw new AppError('notFound');
  return moveOrder(tx, ctx, order, input.status, {
    returnCode: input.returnCode ?? null,
    ...(input.date ? { date: input.date } : {}),
    chargeFee: input.chargeFee,
    emailOwner: input.emailOwner,
    ...(input.note ? { note: input.note } : {}),
  });
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
    const order = await lockedOrder(tx, ctx.building.id, uuid);
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
