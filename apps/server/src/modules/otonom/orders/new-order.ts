import { randomUUID } from 'node:crypto';
import type { OtonomStatus } from '@copro/domain';
import type { padOrder, OrderHistoryEntry } from '../../../db/schema/index';
import type { OtonomContext } from '../context';
import { newReference } from './references';

type NewOrder = typeof padOrder.$inferInsert;

/**
 * A new order's row, as the monthly run and the supplier credits make it: a fresh uuid and
 * reference, and its first status as its whole history, made now by the context's source.
 */
export function newOrderRow(
  ctx: OtonomContext,
  order: Omit<NewOrder, 'uuid' | 'reference' | 'history' | 'createdAt' | 'updatedAt'> & {
    status: OtonomStatus;
  },
): NewOrder & { uuid: string } {
  const first: OrderHistoryEntry = {
    status: order.status,
    at: ctx.now.toISOString(),
    source: ctx.source,
    by: ctx.sourceName,
    returnCode: null,
  };
  return {
    ...order,
    uuid: randomUUID(),
    reference: newReference(order.direction),
    history: [first],
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}
