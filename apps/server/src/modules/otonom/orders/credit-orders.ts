import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { padOrder, type OrderHistoryEntry } from '../../../db/schema/index';
import { publish } from '../../../platform/events';
import { postedPaymentsByMethod } from '../../payables';
import type { OtonomContext } from '../context';
import { newReference } from './references';

/**
 * A supplier payment made through the partner (`otonom`) is a credit order once payables posted it
 * (approved, or needing no approval): this makes the orders of those that have none yet, each
 * ready to send (its approval was the payment's), due the payment's date, for its amount, named
 * after the supplier. At most one order per payment (the unique index), so it is safe to call
 * before every suppliers file and from every daily run. A payment cancelled before this saw it
 * gets none. Answers the orders made.
 */
export async function ensureCreditOrders(
  tx: DbOrTx,
  ctx: OtonomContext,
  buildingId: string,
): Promise<string[]> {
  const payments = await postedPaymentsByMethod(tx, buildingId, 'otonom');
  if (payments.length === 0) return [];
  const known = new Set(
    (
      await tx
        .select({ uuid: padOrder.supplierPaymentUuid })
        .from(padOrder)
        .where(and(eq(padOrder.buildingId, buildingId), isNotNull(padOrder.supplierPaymentUuid)))
    ).map((r) => r.uuid),
  );
  const created: string[] = [];
  for (const payment of payments) {
    if (known.has(payment.uuid) || payment.amount <= 0) continue;
    const uuid = randomUUID();
    const first: OrderHistoryEntry = {
      status: 'readyToSendToOtonom',
      at: ctx.now.toISOString(),
      source: ctx.source,
      by: ctx.sourceName,
      returnCode: null,
    };
    const [inserted] = await tx
      .insert(padOrder)
      .values({
        buildingId,
        uuid,
        fiscalYear: payment.fiscalYear,
        direction: 'credit',
        supplierUuid: payment.supplierUuid,
        supplierPaymentUuid: payment.uuid,
        name: payment.supplierName,
        amount: payment.amount,
        dueDate: payment.date,
        status: 'readyToSendToOtonom',
        reference: newReference('credit'),
        history: [first],
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing({
        target: [padOrder.buildingId, padOrder.supplierPaymentUuid],
        where: sql`${padOrder.supplierPaymentUuid} is not null`,
      })
      .returning({ uuid: padOrder.uuid });
    if (inserted) created.push(uuid);
  }
  if (created.length > 0) await publish(tx, { buildingId, collection: 'padOrders', ids: created });
  return created;
}
