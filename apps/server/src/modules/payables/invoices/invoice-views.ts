import { and, eq, inArray, sql } from 'drizzle-orm';
import { cents, type InvoiceStatus, type SupplierInvoiceView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { invoiceBillback, supplierInvoice, type RegistryCollection } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { findRecords, type RecordRow } from '../../registry';
import { invoiceStandings, standingOf } from '../invoice-standing';

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
 * Registry records by uuid, as the year `scope` knows them, else as the year that named them knew
 * them (an earlier year's invoice may name a supplier or category archived since, or gone).
 */
export async function recordsNamed(
  db: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  wanted: readonly { uuid: string; fiscalYear: string }[],
): Promise<Map<string, RecordRow>> {
  const found = new Map(
    (await findRecords(db, scope, collection, [...new Set(wanted.map((w) => w.uuid))])).map((r) => [
      r.uuid,
      r,
    ]),
  );
  const missing = wanted.filter((w) => !found.has(w.uuid));
  for (const year of new Set(missing.map((w) => w.fiscalYear))) {
    const uuids = missing.filter((w) => w.fiscalYear === year).map((w) => w.uuid);
    for (const row of await findRecords(
      db,
      { buildingId: scope.buildingId, fiscalYear: year },
      collection,
      uuids,
    )) {
      if (!found.has(row.uuid)) found.set(row.uuid, row);
    }
  }
  return found;
}

export const nameOf = (row: RecordRow | undefined): string => String(row?.data.name ?? '');

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

/** The views of invoices, in the order given, with their standing, billbacks and names. */
export async function invoiceViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly InvoiceRow[],
): Promise<SupplierInvoiceView[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const standings = await invoiceStandings(db, scope.buildingId, uuids);
  const billedBack = await billedBackOf(db, scope.buildingId, uuids);
  const suppliers = await recordsNamed(
    db,
    scope,
    'suppliers',
    rows.map((r) => ({ uuid: r.supplierUuid, fiscalYear: r.fiscalYear })),
  );
  const categories = await recordsNamed(
    db,
    scope,
    'categories',
    rows.flatMap((r) => r.lines.map((l) => ({ uuid: l.categoryUuid, fiscalYear: r.fiscalYear }))),
  );
  return rows.map((row) => {
    const { paid, pending } = standingOf(standings, row.uuid);
    const unpaid = row.cancelled ? cents(0) : cents(row.total - paid - pending);
    return {
      uuid: row.uuid,
      transactionUuid: row.transactionUuid,
      fiscalYear: row.fiscalYear,
      supplierUuid: row.supplierUuid,
      supplierName: nameOf(suppliers.get(row.supplierUuid)),
      number: row.number,
      date: row.date,
      dueDate: row.dueDate,
      creditNote: row.creditNote,
      lines: row.lines.map((line) => ({
        ...line,
        categoryName: nameOf(categories.get(line.categoryUuid)),
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
): Promise<SupplierInvoiceView> {
  const [view] = await invoiceViews(db, scope, [row]);
  if (!view) throw new AppError('notFound');
  return view;
}
