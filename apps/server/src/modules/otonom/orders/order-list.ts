import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { PadOrderPage, PadOrderQuery, PadOrderView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { padOrder } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { findRecords } from '../../registry';
import { orderView, type PadOrderRow } from './order-view';

/** The orders of the building the query asks for. */
const matching = (buildingId: string, query: PadOrderQuery): SQL | undefined =>
  and(
    eq(padOrder.buildingId, buildingId),
    query.status ? eq(padOrder.status, query.status) : undefined,
    query.direction ? eq(padOrder.direction, query.direction) : undefined,
    query.unitUuid ? eq(padOrder.unitUuid, query.unitUuid) : undefined,
    query.from ? gte(padOrder.dueDate, query.from) : undefined,
    query.to ? lte(padOrder.dueDate, query.to) : undefined,
  );

/**
 * Each order's unit number, as the year of the order knows the unit (a unit keeps its uuid from
 * year to year): one registry read per fiscal year of the orders.
 */
export async function unitNumbersOf(db: DbOrTx, buildingId: string, rows: readonly PadOrderRow[]) {
  const numbers = new Map<string, string | null>();
  for (const year of new Set(rows.map((r) => r.fiscalYear))) {
    const uuids = [
      ...new Set(rows.filter((r) => r.fiscalYear === year && r.unitUuid).map((r) => r.unitUuid ?? '')),
    ];
    for (const unit of await findRecords(db, { buildingId, fiscalYear: year }, 'units', uuids)) {
      numbers.set(`${year}:${unit.uuid}`, unit.number);
    }
  }
  return (row: PadOrderRow): string | null =>
    row.unitUuid ? (numbers.get(`${row.fiscalYear}:${row.unitUuid}`) ?? null) : null;
}

/**
 * One page of the building's orders, the latest due first (then the latest created): the page
 * is read with limit and offset and counted apart, so a building with years of orders reads one
 * page's rows (the status, unit and due-date indexes serve the filters).
 */
export async function listOrders(
  db: DbOrTx,
  buildingId: string,
  query: PadOrderQuery,
): Promise<PadOrderPage> {
  const where = matching(buildingId, query);
  const rows = await db
    .select()
    .from(padOrder)
    .where(where)
    .orderBy(desc(padOrder.dueDate), desc(padOrder.createdAt), desc(padOrder.reference))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ n: count() }).from(padOrder).where(where);
  const numberOf = await unitNumbersOf(db, buildingId, rows);
  return { orders: rows.map((row) => orderView(row, numberOf(row))), total: counted?.n ?? 0 };
}

/** The view of one order, with its unit's number. */
export async function orderViewOf(db: DbOrTx, row: PadOrderRow): Promise<PadOrderView> {
  const numberOf = await unitNumbersOf(db, row.buildingId, [row]);
  return orderView(row, numberOf(row));
}

/** One order of the building. */
export async function getOrder(db: DbOrTx, buildingId: string, uuid: string): Promise<PadOrderView> {
  const [row] = await db
    .select()
    .from(padOrder)
    .where(and(eq(padOrder.buildingId, buildingId), eq(padOrder.uuid, uuid)));
  if (!row) throw new AppError('notFound');
  return orderViewOf(db, row);
}
