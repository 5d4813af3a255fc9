import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { sumCents } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padOrder } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { publish } from '../../../platform/events';
import { lockStandingPayments, postedPaymentsByMethod, type PostedPayment } from '../../payables';
import type { OtonomContext } from '../context';
import { moveOrder } from './move-order';
import { newOrderRow } from './new-order';
import type { PadOrderRow } from './order-view';

/**
 * The partner's supplier payments payables posted (approved, or needing no approval) that have no
 * credit order yet: what the next suppliers' file will make into orders.
 */
export async function paymentsWithoutOrder(db: DbOrTx, buildingId: string): Promise<PostedPayment[]> {
  const payments = await postedPaymentsByMethod(db, buildingId, 'otonom');
  if (payments.length === 0) return [];
  const ordered = new Set(
    (
      await db
        .select({ uuid: padOrder.supplierPaymentUuid })
        .from(padOrder)
        .where(and(eq(padOrder.buildingId, buildingId), isNotNull(padOrder.supplierPaymentUuid)))
    ).map((r) => r.uuid),
  );
  return payments.filter((p) => !ordered.has(p.uuid) && p.amount > 0);
}

/**
 * A supplier payment made through the partner (`otonom`) is a credit order once payables posted it:
 * this makes the orders of those that have none yet, each ready to send (its approval was the
 * payment's), due the payment's date, for its amount, named after the supplier. At most one order
 * per payment (the unique index), so it is safe to call before every suppliers file and from every
 * daily run. A payment cancelled before this saw it gets none. Logged once for the orders
 * made; answers them.
 */
export async function ensureCreditOrders(
  tx: DbOrTx,
  ctx: OtonomContext,
  buildingId: string,
): Promise<string[]> {
  const created: PadOrderRow[] = [];
  for (const payment of await paymentsWithoutOrder(tx, buildingId)) {
    const order = newOrderRow(ctx, {
      buildingId,
      fiscalYear: payment.fiscalYear,
      direction: 'credit',
      supplierUuid: payment.supplierUuid,
      supplierPaymentUuid: payment.uuid,
      name: payment.supplierName,
      amount: payment.amount,
      dueDate: payment.date,
      status: 'readyToSendToOtonom',
    });
    const [inserted] = await tx
      .insert(padOrder)
      .values(order)
      .onConflictDoNothing({
        target: [padOrder.buildingId, padOrder.supplierPaymentUuid],
        where: sql`${padOrder.supplierPaymentUuid} is not null`,
      })
      .returning();
    if (inserted) created.push(inserted);
  }
  if (created.length === 0) return [];
  await writeLog(tx, {
    buildingId,
    event: 'otonomCreditsCreated',
    source: ctx.source,
    message: `Electronic supplier payments to send: ${created.length} created`,
    metadata: {
      count: created.length,
      total: sumCents(created.map((o) => o.amount)),
      orders: created.map((o) => ({
        uuid: o.uuid,
        reference: o.reference,
        supplierPaymentUuid: o.supplierPaymentUuid,
      })),
    },
    indexes: created.flatMap((o) => [o.uuid, ...(o.supplierPaymentUuid ? [o.supplierPaymentUuid] : [])]),
  });
  const ids = created.map((o) => o.uuid);
  await publish(tx, { buildingId, collection: 'padOrders', ids });
  return ids;
}

/**
 * The credits about to be sent whose supplier payment was cancelled in payables after its order
 * was made: the supplier is owed nothing, so each is cancelled (through `moveOrder`, logged) and
 * left out of the file. The others' payments are held against a cancel until the file is sent.
 * `orders` are the caller's, locked; answers those that may go and those cancelled.
 */
export async function dropCancelledCredits(
  tx: DbOrTx,
  ctx: OtonomContext,
  orders: readonly PadOrderRow[],
): Promise<{ sendable: PadOrderRow[]; cancelled: PadOrderRow[] }> {
  const paymentOf = (order: PadOrderRow) => (order.direction === 'credit' ? order.supplierPaymentUuid : null);
  const standing = await lockStandingPayments(
    tx,
    ctx.building.id,
    orders.flatMap((order) => paymentOf(order) ?? []),
  );
  const sendable: PadOrderRow[] = [];
  const cancelled: PadOrderRow[] = [];
  for (const order of orders) {
    const payment = paymentOf(order);
    if (payment === null || standing.has(payment)) sendable.push(order);
    else cancelled.push(await moveOrder(tx, ctx, order, 'cancelled', {}));
  }
  return { sendable, cancelled };
}
