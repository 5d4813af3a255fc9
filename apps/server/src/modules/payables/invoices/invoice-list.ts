import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  negateCents,
  searchable,
  type InvoiceList,
  type InvoiceListQuery,
  type Language,
  type SupplierPayables,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { supplierInvoice } from '../../../db/schema/index';
import { standingSubquery, type StandingSubquery } from '../invoice-standing';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { accountBalance } from '../../ledger';
import { findRecord, listRecords } from '../../registry';
import { nameOf } from '../record-names';
import { invoiceViews } from './invoice-views';

const defaultPageSize = 50;

const standingsOf = standingSubquery;
type Standings = StandingSubquery;

/** What the list shows: the query's filters, and the unused credit notes of a supplier's payables. */
type ListFilter = Omit<InvoiceListQuery, 'page' | 'pageSize' | 'status'> & {
  status: NonNullable<InvoiceListQuery['status']> | 'unusedCreditNotes';
};

/**
 * The SQL of a list's filters. Unpaid and pending list the year's invoices and the earlier years'
 * still unpaid or pending (the year's own unpaid bills include what was left from before); paid,
 * credit notes, cancelled and all list the year's own. `q` finds the number, or the supplier's name
 * (folded as the web folds it) among `matchingSuppliers`.
 */
function filterSql(
  scope: YearScope,
  standing: Standings,
  filter: ListFilter,
  matchingSuppliers: readonly string[],
): SQL {
  const i = supplierInvoice;
  const pending = sql`coalesce(${standing.pending}, 0)`;
  const unpaid = sql`(${i.total} - coalesce(${standing.paid}, 0) - ${pending})`;
  const ofYear = eq(i.fiscalYear, scope.fiscalYear);
  const uptoYear = sql`${i.fiscalYear} <= ${scope.fiscalYear}`;
  const standingInvoices = and(eq(i.cancelled, false), eq(i.creditNote, false));
  const byStatus: Record<ListFilter['status'], SQL | undefined> = {
    all: ofYear,
    unpaid: and(standingInvoices, uptoYear, sql`${unpaid} > 0`),
    pending: and(standingInvoices, uptoYear, sql`${pending} > 0`),
    paid: and(standingInvoices, ofYear, sql`${unpaid} <= 0`, sql`${pending} = 0`),
    creditNotes: and(eq(i.cancelled, false), eq(i.creditNote, true), ofYear),
    unusedCreditNotes: and(eq(i.cancelled, false), eq(i.creditNote, true), uptoYear, sql`${unpaid} > 0`),
    cancelled: and(eq(i.cancelled, true), ofYear),
  };
  const q = filter.q?.trim();
  return and(
    eq(i.buildingId, scope.buildingId),
    byStatus[filter.status],
    filter.supplierUuid ? eq(i.supplierUuid, filter.supplierUuid) : undefined,
    filter.from ? gte(i.date, filter.from) : undefined,
    filter.to ? lte(i.date, filter.to) : undefined,
    q
      ? sql`(strpos(lower(${i.number}), ${q.toLowerCase()}) > 0 or ${i.supplierUuid} = any(${sql.param([
          ...matchingSuppliers,
        ])}::uuid[]))`
      : undefined,
  ) as SQL;
}

/** The statuses whose filter reads an invoice's paid and pending amounts. */
const filtersOnStanding = new Set<ListFilter['status']>(['unpaid', 'pending', 'paid', 'unusedCreditNotes']);

/** The suppliers of the year whose name holds the search, folded as `searchable` folds it. */
async function suppliersMatching(db: DbOrTx, scope: YearScope, q: string | undefined): Promise<string[]> {
  const needle = searchable(q?.trim() ?? '');
  if (needle === '') return [];
  const suppliers = await listRecords(db, scope, 'suppliers');
  return suppliers.filter((s) => searchable(nameOf(s)).includes(needle)).map((s) => s.uuid);
}

/**
 * `Y/supplier-invoices`: a page of the invoices the filters match, newest first, and the count and
 * totals of all of them, computed by the database. In the totals a credit note counts against the
 * invoices (it is money the supplier owes back) and a cancelled invoice counts for nothing, as its
 * cancelled transaction in the ledger. Names read in the reader's `language`.
 */
export async function listInvoices(
  db: DbOrTx,
  scope: YearScope,
  query: InvoiceListQuery,
  language: Language,
): Promise<InvoiceList> {
  const filter: ListFilter = { ...query, status: query.status ?? 'all' };
  const standing = standingsOf(db);
  const where = filterSql(scope, standing, filter, await suppliersMatching(db, scope, query.q));
  const i = supplierInvoice;
  const signed = (amount: SQL) =>
    sql`coalesce(sum(case when ${i.cancelled} then 0 when ${i.creditNote} then -(${amount}) else ${amount} end), 0)`;
  const paid = sql`coalesce(${standing.paid}, 0)`;
  const pending = sql`coalesce(${standing.pending}, 0)`;
  const [summary] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: signed(sql`${i.total}`),
      paid: signed(paid),
      pending: signed(pending),
      unpaid: signed(sql`${i.total} - ${paid} - ${pending}`),
    })
    .from(i)
    .leftJoinLateral(standing, sql`true`)
    .where(where);
  const pageSize = query.pageSize ?? defaultPageSize;
  // The page's rows need the amounts only to filter on them: all, credit notes and cancelled list
  // without them, so the database does not look up every invoice's payments to show fifty.
  const page = db.select({ invoice: i }).from(i);
  const rows = await (filtersOnStanding.has(filter.status) ? page.leftJoinLateral(standing, sql`true`) : page)
    .where(where)
    .orderBy(desc(i.date), desc(i.createdAt), asc(i.uuid))
    .limit(pageSize)
    .offset(((query.page ?? 1) - 1) * pageSize);
  return {
    items: await invoiceViews(
      db,
      scope,
      rows.map((r) => r.invoice),
      language,
    ),
    total: summary?.count ?? 0,
    totals: {
      total: centsFromSql(summary?.total as string | undefined),
      paid: centsFromSql(summary?.paid as string | undefined),
      pending: centsFromSql(summary?.pending as string | undefined),
      unpaid: centsFromSql(summary?.unpaid as string | undefined),
    },
  };
}

/** Every invoice a filter matches, oldest first: a supplier's payables, not a page. */
async function allMatching(db: DbOrTx, scope: YearScope, filter: ListFilter, language: Language) {
  const standing = standingsOf(db);
  const rows = await db
    .select({ invoice: supplierInvoice })
    .from(supplierInvoice)
    .leftJoinLateral(standing, sql`true`)
    .where(filterSql(scope, standing, filter, []))
    .orderBy(asc(supplierInvoice.date), asc(supplierInvoice.createdAt), asc(supplierInvoice.uuid));
  return invoiceViews(
    db,
    scope,
    rows.map((r) => r.invoice),
    language,
  );
}

/**
 * `Y/suppliers/:supplierUuid/payables`: what the building owes the supplier by the ledger (its
 * account's credit balance), and the invoices left to pay and credit notes left to use, from this
 * year and the earlier ones.
 */
export async function supplierPayables(
  db: DbOrTx,
  scope: YearScope,
  supplierUuid: string,
  language: Language,
): Promise<SupplierPayables> {
  const supplier = await findRecord(db, scope, 'suppliers', supplierUuid);
  if (!supplier || supplier.aid === null) throw new AppError('notFound');
  return {
    supplierUuid,
    balanceOwed: negateCents(await accountBalance(db, scope, supplier.aid)),
    unpaidInvoices: await allMatching(db, scope, { status: 'unpaid', supplierUuid }, language),
    unusedCreditNotes: await allMatching(db, scope, { status: 'unusedCreditNotes', supplierUuid }, language),
  };
}
