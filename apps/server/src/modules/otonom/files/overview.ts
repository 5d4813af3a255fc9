import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { cents, otonomStatuses, type Cents, type PadFileKind, type PadOverview } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { padFile, padOrder } from '../../../db/schema/index';
import { paymentsWithoutOrder } from '../orders/credit-orders';
import { fileView } from './file-view';

/** SPEC 7: the sent files listed are those of the last 30 days. */
export const filesListedDays = 30;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The payments/otonom page's summary (SPEC 2, 7): what the next file of each kind holds (the
 * orders ready to send; for suppliers also the partner's payments payables posted that have no
 * order yet, which sending makes into orders first), what waits for approval, the files of the
 * last 30 days by the clock (newest first), and how many orders are in each status.
 */
export async function padOverview(db: DbOrTx, buildingId: string, now: Date): Promise<PadOverview> {
  const totals = await db
    .select({
      status: padOrder.status,
      direction: padOrder.direction,
      count: count(),
      total: sql<string>`coalesce(sum(${padOrder.amount}), 0)`,
    })
    .from(padOrder)
    .where(eq(padOrder.buildingId, buildingId))
    .groupBy(padOrder.status, padOrder.direction);

  const sumOf = (rows: typeof totals): { count: number; total: Cents } => ({
    count: rows.reduce((n, r) => n + r.count, 0),
    total: cents(rows.reduce((n, r) => n + centsFromSql(r.total), 0)),
  });
  const ready = (direction: 'debit' | 'credit') =>
    sumOf(totals.filter((r) => r.status === 'readyToSendToOtonom' && r.direction === direction));

  const unordered = await paymentsWithoutOrder(db, buildingId);
  const credits = ready('credit');
  const toSend: { kind: PadFileKind; count: number; total: Cents }[] = [
    { kind: 'units', ...ready('debit') },
    {
      kind: 'suppliers',
      count: credits.count + unordered.length,
      total: cents(credits.total + unordered.reduce((n, p) => n + p.amount, 0)),
    },
  ];

  const files = await db
    .select()
    .from(padFile)
    .where(
      and(
        eq(padFile.buildingId, buildingId),
        gte(padFile.createdAt, new Date(now.getTime() - filesListedDays * dayMs)),
      ),
    )
    .orderBy(desc(padFile.createdAt));

  return {
    toSend,
    waitingApproval: sumOf(totals.filter((r) => r.status === 'waitingApproval')),
    files: files.map(fileView),
    statusCounts: otonomStatuses
      .map((status) => ({ status, count: sumOf(totals.filter((r) => r.status === status)).count }))
      .filter((s) => s.count > 0),
  };
}
