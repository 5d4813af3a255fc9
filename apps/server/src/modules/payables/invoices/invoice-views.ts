import { and, eq, inArray, sql } from 'drizzle-orm';
import { cents, type InvoiceStatus, type Language, type SupplierInvoiceView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { invoiceBillback, supplierInvoice } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { invoiceStandings, standingOf } from '../invoice-standing';
import { recordNames } from '../record-names';

export type InvoiceRow = typeof supplierInvoice.$inferSelect;

/**
 * The building's invoice `uuid` as seen from the year `scope`: one of that year or of an earlier
 * year (an invoice may be paid or billed back in a later year), locked for update when asked.
 */
export async function findInvoice(
  db: DbOrTx,
  scope: YearScope,
  uuid: string,
  lock = false,
): Promise<InvoiceRow | null> {
  const query = db
    .select()
    .from(supplierInvoice)
    .where(
      and(
        eq(supplierInvoice.buildingId, scope.buildingId),
        eq(supplierInvoice.uuid, uuid),
        sql`${supplierInvoice.fiscalYear} <= ${scope.fiscalYear}`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function invoiceOrNotFound(
  db: DbOrTx,
  scope: YearScope,
  uuid: string,
  lock = false,
): Promise<InvoiceRow> {
  const row = await findInvoice(db, scope, uuid, lock);
  if (!row) throw new AppError('notFound');
  return row;
}

/** What is billed back of each invoice, by billbacks that are not cancelled. */
export async function billedBackOf(
  db: DbOrTx,
  buildingId: string,
  invoiceUuids: readonly string[],
): Promise<Map<string, number>> {
  if (invoiceUuids.length === 0) return new Map();
  const rows = await db
    .select({
      invoiceUuid: invoiceBillback.invoiceUuid,
      amount: sql<string>`sum(${invoiceBillback.amount})`,
    })
    .from(invoiceBillback)
    .where(
      and(
        eq(invoiceBillback.buildingId, buildingId),
        inArray(invoiceBillback.invoiceUuid, [...invoiceUuids]),
        eq(invoiceBillback.cancelled, false),
      ),
    )
    .groupBy(invoiceBillback.invoiceUuid);
  return new Map(rows.map((r) => [r.invoiceUuid, centsFromSql(r.amount)]));
}

/**
 * DOMAIN 7: an invoice's standing. Unpaid = total − paid − pending (for a credit note, what is left
 * unused); a cancelled invoice owes nothing. Its status says what is left to do: cancelled, unpaid
 * while any of it is neither paid nor held by a payment, pending while payments awaiting approval
 * hold the rest, else paid (a credit note: used).
 */
export function invoiceStatus(cancelled: boolean, unpaid: number, pending: number): InvoiceStatus {
  if (cancelled) return 'cancelled';
  if (unpaid > 0) return 'unpaid';
  if (pending > 0) return 'pending';
  return 'paid';
}

/**
 * The views of invoices, in the order given, with their standing, billbacks and names: in the
 * reader's `language`; without one, as stored (a write's answer).
 */
export async function invoiceViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly InvoiceRow[],
  language?: Language,
): Promise<SupplierInvoiceView[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const standings = await invoiceStandings(db, scope.buildingId, uuids);
  const billedBack = await billedBackOf(db, scope.buildingId, uuids);
  const suppliers = await recordNames(
    db,
    scope,
    'suppliers',
    rows.map((r) => ({ uuid: r.supplierUuid, fiscalYear: r.fiscalYear })),
    language,
  );
  const categories = await recordNames(
    db,
    scope,
    'categories',
    rows.flatMap((r) => r.lines.map((l) => ({ uuid: l.categoryUuid, fiscalYear: r.fiscalYear }))),
    language,
  );
  return rows.map((row) => {
    const { paid, pending } = standingOf(standings, row.uuid);
    const unpaid = row.cancelled ? cents(0) : cents(row.total - paid - pending);
    return {
      uuid: row.uuid,
      transactionUuid: row.transactionUuid,
      fiscalYear: row.fiscalYear,
      supplierUuid: row.supplierUuid,
      supplierName: suppliers.get(row.supplierUuid) ?? '',
      number: row.number,
      date: row.date,
      dueDate: row.dueDate,
      creditNote: row.creditNote,
      lines: row.lines.map((line) => ({
        ...line,
        categoryName: categories.get(line.categoryUuid) ?? '',
      })),
      taxes: row.taxes,
      subtotal: row.subtotal,
      total: row.total,
      paid,
      pending,
      unpaid,
      billedBack: cents(billedBack.get(row.uuid) ?? 0),
      status: invoiceStatus(row.cancelled, unpaid, pending),
      notes: row.notes,
      attachments: row.attachments,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function invoiceView(
  db: DbOrTx,
  scope: YearScope,
  row: InvoiceRow,
  language?: Language,
): Promise<SupplierInvoiceView> {
  const [view] = await invoiceViews(db, scope, [row], language);
  if (!view) throw new AppError('notFound');
  return view;
}
