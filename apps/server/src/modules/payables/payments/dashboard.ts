import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { addDays, type PayablesDashboard } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { supplierInvoice } from '../../../db/schema/index';
import { standingSubquery } from '../invoice-standing';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { invoiceViews } from '../invoices/invoice-views';
import { waitingFor, type Reader } from './payment-views';

/** The dashboard lists the most urgent bills; the rest are on the invoices page. */
const dueLimit = 20;

/** The Sunday that ends `today`'s week (today itself on a Sunday). */
export function comingSunday(today: string): string {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, (7 - weekday) % 7);
}

/**
 * The payables part of the dashboard (issue 15): the bills to pay this week, unpaid invoices
 * (not credit notes) due by the coming Sunday (the building's week), overdue ones included since
 * they are still to pay, an invoice with no due date counting by its date, of this year or an
 * earlier one, at most `dueLimit` of them (the total counts them all); and the payments waiting
 * for the reader's approval; names in the reader's language.
 */
export async function payablesDashboard(
  db: DbOrTx,
  scope: YearScope,
  today: string,
  reader: Reader,
): Promise<PayablesDashboard> {
  const due = sql<string>`coalesce(${supplierInvoice.dueDate}, ${supplierInvoice.date})`;
  const standing = standingSubquery(db);
  const unpaid = sql`(${supplierInvoice.total} - coalesce(${standing.paid}, 0) - coalesce(${standing.pending}, 0))`;
  const toPay = and(
    eq(supplierInvoice.buildingId, scope.buildingId),
    eq(supplierInvoice.cancelled, false),
    eq(supplierInvoice.creditNote, false),
    lte(supplierInvoice.fiscalYear, scope.fiscalYear),
    lte(due, comingSunday(today)),
    sql`${unpaid} > 0`,
  );
  const [summary] = await db
    .select({ total: sql<string>`coalesce(sum(${unpaid}), 0)`, count: sql<number>`count(*)::int` })
    .from(supplierInvoice)
    .leftJoinLateral(standing, sql`true`)
    .where(toPay);
  const rows = await db
    .select({ invoice: supplierInvoice })
    .from(supplierInvoice)
    .leftJoinLateral(standing, sql`true`)
    .where(toPay)
    .orderBy(asc(due), asc(supplierInvoice.number))
    .limit(dueLimit);
  const dueThisWeek = await invoiceViews(
    db,
    scope,
    rows.map((r) => r.invoice),
    reader.language,
  );
  return {
    dueThisWeek,
    dueThisWeekTotal: centsFromSql(summary?.total),
    dueThisWeekCount: Number(summary?.count ?? 0),
    waitingForMe: await waitingFor(db, scope, reader),
  };
}
