import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  cents,
  checkIssued,
  checkRegisterStatus,
  clampToYear,
  localeOf,
  monthlyAmounts,
  monthsOf,
  payablesAgingReport,
  payablesReportMaxMonths,
  supplierPaymentMethods,
  taxCodes,
  type Cents,
  type CheckRegister,
  type InvoicesByCategory,
  type PayablesAging,
  type PaymentsByMethod,
  type SupplierTotals,
  type Language,
  type TaxCode,
} from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { fiscalYear, paymentAllocation, supplierInvoice, supplierPayment } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { reportContext } from '../../reports';
import { recordNames, type NamedCollection } from '../record-names';

/**
 * What every payables report starts from: the registry reports' context (the reader's language,
 * or the one given, the headings) and the fiscal year's last day.
 */
export async function payablesReportContext(db: DbOrTx, req: FastifyRequest, language?: Language) {
  const ctx = await reportContext(db, req, language);
  const [year] = await db
    .select({ endDate: fiscalYear.endDate })
    .from(fiscalYear)
    .where(
      and(eq(fiscalYear.buildingId, ctx.scope.buildingId), eq(fiscalYear.startDate, ctx.scope.fiscalYear)),
    );
  if (!year) throw new AppError('notFound');
  return { ...ctx, yearEnd: year.endDate };
}
export type PayablesReportContext = Awaited<ReturnType<typeof payablesReportContext>>;

export interface Period {
  from: string;
  to: string;
}

/**
 * The period asked for, the fiscal year by default; it must not end before it starts, and a
 * report by month has a column per month, so it spans at most `payablesReportMaxMonths` of them.
 */
export function periodOf(ctx: PayablesReportContext, query: { from?: string; to?: string }): Period {
  const period = { from: query.from ?? ctx.scope.fiscalYear, to: query.to ?? ctx.yearEnd };
  if (period.to < period.from)
    throw new AppError('validation', [{ path: ['to'], key: 'validation.dateTooEarly' }]);
  if (monthsOf(period.from, period.to).length > payablesReportMaxMonths)
    throw new AppError('validation', [
      { path: ['to'], key: 'payablesReports.periodTooLong', params: { months: payablesReportMaxMonths } },
    ]);
  return period;
}

/** The aging's date: asked for, else today, kept inside the fiscal year. */
export const agingDateOf = (ctx: PayablesReportContext, asOf: string | undefined): string =>
  asOf ?? clampToYear(ctx.today, ctx.scope.fiscalYear, ctx.yearEnd);

/**
 * The names of suppliers, banks or categories in the year, in the reader's language; one the year
 * does not hold reads as "(no name)".
 */
async function namesOf(
  db: DbOrTx,
  ctx: PayablesReportContext,
  collection: NamedCollection,
  uuids: Iterable<string>,
): Promise<(uuid: string) => string> {
  const names = await recordNames(db, ctx.scope, collection, uuids, ctx.language);
  return (uuid) => names.get(uuid) ?? ctx.t('payablesReports.unnamed');
}

const byName = (ctx: PayablesReportContext) => {
  const collator = new Intl.Collator(localeOf(ctx.language), { sensitivity: 'base', numeric: true });
  return (a: string, b: string) => collator.compare(a, b);
};

/** The invoices of the building that count: not cancelled. */
const standingInvoices = (ctx: PayablesReportContext) =>
  and(eq(supplierInvoice.buildingId, ctx.scope.buildingId), eq(supplierInvoice.cancelled, false));

/**
 * The payables aging at `asOf`: every invoice and credit note of the building dated by then (of
 * any fiscal year), less what posted payments dated by then paid or used of it. Pending payments
 * move no money, so `invoiceStandings` (today's paid and pending) does not answer this; the sums
 * are made here, only the documents still open come back.
 */
export async function payablesAging(
  db: DbOrTx,
  ctx: PayablesReportContext,
  asOf: string,
): Promise<PayablesAging> {
  const paid = sql<string>`coalesce(sum(${paymentAllocation.amount}) filter (where ${supplierPayment.status} = 'posted' and ${supplierPayment.date} <= ${asOf}), 0)`;
  const documents = await db
    .select({
      supplierUuid: supplierInvoice.supplierUuid,
      date: supplierInvoice.date,
      dueDate: supplierInvoice.dueDate,
      creditNote: supplierInvoice.creditNote,
      total: supplierInvoice.total,
      paid,
    })
    .from(supplierInvoice)
    .leftJoin(
      paymentAllocation,
      and(
        eq(paymentAllocation.buildingId, supplierInvoice.buildingId),
        eq(paymentAllocation.invoiceUuid, supplierInvoice.uuid),
      ),
    )
    .leftJoin(
      supplierPayment,
      and(
        eq(supplierPayment.buildingId, paymentAllocation.buildingId),
        eq(supplierPayment.uuid, paymentAllocation.paymentUuid),
      ),
    )
    .where(and(standingInvoices(ctx), lte(supplierInvoice.date, asOf)))
    .groupBy(supplierInvoice.buildingId, supplierInvoice.uuid)
    .having(sql`${supplierInvoice.total} <> ${paid}`);
  const nameOf = await namesOf(
    db,
    ctx,
    'suppliers',
    documents.map((d) => d.supplierUuid),
  );
  return payablesAgingReport(
    documents.map((d) => ({ ...d, paid: centsFromSql(d.paid) })),
    asOf,
    nameOf,
    ctx.language,
  );
}

interface MonthlySum {
  key: string;
  month: string;
  amount: Cents;
}

/** Sums by key and month, spread over the period's months. */
function byKey(sums: readonly MonthlySum[], months: readonly string[]) {
  const grouped = new Map<string, MonthlySum[]>();
  for (const sum of sums) grouped.set(sum.key, [...(grouped.get(sum.key) ?? []), sum]);
  return new Map([...grouped].map(([key, list]) => [key, monthlyAmounts(list, months)]));
}

/**
 * Invoices less credit notes dated in the period: the lines' amounts (before taxes) by expense
 * category and month, then each tax by month. Together they make the invoices' totals.
 */
export async function invoicesByCategory(
  db: DbOrTx,
  ctx: PayablesReportContext,
  period: Period,
): Promise<InvoicesByCategory> {
  const months = monthsOf(period.from, period.to);
  const inPeriod = sql`${supplierInvoice.buildingId} = ${ctx.scope.buildingId}
    and not ${supplierInvoice.cancelled}
    and ${supplierInvoice.date} between ${period.from} and ${period.to}`;
  const sign = sql`case when ${supplierInvoice.creditNote} then -1 else 1 end`;
  const month = sql`to_char(${supplierInvoice.date}, 'YYYY-MM-01')`;
  const read = (rows: { key: string; month: string; amount: string | number }[]): MonthlySum[] =>
    rows.map((row) => ({ key: row.key, month: row.month, amount: centsFromSql(row.amount) }));
  const lines = read(
    await rowsOf(
      db,
      sql`select line ->> 'categoryUuid' as key, ${month} as month,
            sum(${sign} * (line ->> 'amount')::bigint) as amount
          from ${supplierInvoice} cross join lateral jsonb_array_elements(${supplierInvoice.lines}) as line
          where ${inPeriod} group by 1, 2`,
    ),
  );
  const taxes = read(
    await rowsOf(
      db,
      sql`select tax ->> 'code' as key, ${month} as month,
            sum(${sign} * (tax ->> 'amount')::bigint) as amount
          from ${supplierInvoice} cross join lateral jsonb_array_elements(${supplierInvoice.taxes}) as tax
          where ${inPeriod} group by 1, 2`,
    ),
  );
  const categories = byKey(lines, months);
  const nameOf = await namesOf(db, ctx, 'categories', categories.keys());
  const compare = byName(ctx);
  const taxSums = byKey(taxes, months);
  return {
    ...period,
    months,
    categories: [...categories]
      .map(([categoryUuid, amounts]) => ({ categoryUuid, categoryName: nameOf(categoryUuid), ...amounts }))
      .sort((a, b) => compare(a.categoryName, b.categoryName)),
    taxes: taxCodes.flatMap((code: TaxCode) => {
      const amounts = taxSums.get(code);
      return amounts ? [{ code, ...amounts }] : [];
    }),
    totals: monthlyAmounts([...lines, ...taxes], months),
  };
}

/**
 * The fiscal year's figures of each supplier: its invoices and credit notes of the year (taxes are
 * what the totals hold beyond the lines), and its posted payments of the year.
 */
export async function supplierTotals(db: DbOrTx, ctx: PayablesReportContext): Promise<SupplierTotals> {
  const invoices = await db
    .select({
      supplierUuid: supplierInvoice.supplierUuid,
      invoiceCount: sql<number>`count(*) filter (where not ${supplierInvoice.creditNote})`.mapWith(Number),
      invoiced: sql<string>`coalesce(sum(${supplierInvoice.total}) filter (where not ${supplierInvoice.creditNote}), 0)`,
      creditNotes: sql<string>`coalesce(sum(${supplierInvoice.total}) filter (where ${supplierInvoice.creditNote}), 0)`,
      taxes: sql<string>`sum(case when ${supplierInvoice.creditNote} then -1 else 1 end * (${supplierInvoice.total} - ${supplierInvoice.subtotal}))`,
    })
    .from(supplierInvoice)
    .where(and(standingInvoices(ctx), eq(supplierInvoice.fiscalYear, ctx.scope.fiscalYear)))
    .groupBy(supplierInvoice.supplierUuid);
  const payments = await db
    .select({
      supplierUuid: supplierPayment.supplierUuid,
      paid: sql<string>`coalesce(sum(${supplierPayment.amount}) filter (where ${supplierPayment.recurringBillUuid} is null), 0)`,
      recurringPaid: sql<string>`coalesce(sum(${supplierPayment.amount}) filter (where ${supplierPayment.recurringBillUuid} is not null), 0)`,
    })
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, ctx.scope.buildingId),
        eq(supplierPayment.fiscalYear, ctx.scope.fiscalYear),
        eq(supplierPayment.status, 'posted'),
      ),
    )
    .groupBy(supplierPayment.supplierUuid);
  const zero = {
    invoiceCount: 0,
    invoiced: '0',
    creditNotes: '0',
    taxes: '0',
    paid: '0',
    recurringPaid: '0',
  };
  const bySupplier = new Map<string, typeof zero>();
  for (const row of [...invoices, ...payments]) {
    const { supplierUuid, ...figures } = row;
    bySupplier.set(supplierUuid, { ...(bySupplier.get(supplierUuid) ?? zero), ...figures });
  }
  const nameOf = await namesOf(db, ctx, 'suppliers', bySupplier.keys());
  const compare = byName(ctx);
  const rows = [...bySupplier]
    .map(([supplierUuid, figures]) => {
      const invoiced = centsFromSql(figures.invoiced);
      const creditNotes = centsFromSql(figures.creditNotes);
      return {
        supplierUuid,
        supplierName: nameOf(supplierUuid),
        invoiceCount: figures.invoiceCount,
        invoiced,
        creditNotes,
        net: cents(invoiced - creditNotes),
        taxes: centsFromSql(figures.taxes),
        paid: centsFromSql(figures.paid),
        recurringPaid: centsFromSql(figures.recurringPaid),
      };
    })
    .sort((a, b) => compare(a.supplierName, b.supplierName));
  const sum = (
    field: 'invoiceCount' | 'invoiced' | 'creditNotes' | 'net' | 'taxes' | 'paid' | 'recurringPaid',
  ) => rows.reduce((total, row) => total + row[field], 0);
  return {
    from: ctx.scope.fiscalYear,
    to: ctx.yearEnd,
    rows,
    totals: {
      invoiceCount: sum('invoiceCount'),
      invoiced: cents(sum('invoiced')),
      creditNotes: cents(sum('creditNotes')),
      net: cents(sum('net')),
      taxes: cents(sum('taxes')),
      paid: cents(sum('paid')),
      recurringPaid: cents(sum('recurringPaid')),
    },
  };
}

/**
 * Every supplier payment by check dated in the period (of one bank, or of all), whatever became of
 * it, by bank, then check number, then date; the total counts the checks that took money out.
 */
export async function checkRegister(
  db: DbOrTx,
  ctx: PayablesReportContext,
  period: Period,
  bankUuid: string | undefined,
): Promise<CheckRegister> {
  const payments = await db
    .select({
      paymentUuid: supplierPayment.uuid,
      checkNumber: supplierPayment.checkNumber,
      date: supplierPayment.date,
      supplierUuid: supplierPayment.supplierUuid,
      bankUuid: supplierPayment.bankUuid,
      amount: supplierPayment.amount,
      status: supplierPayment.status,
      approvalStatus: supplierPayment.approvalStatus,
      checkPrintedAt: supplierPayment.checkPrintedAt,
      checkVoided: supplierPayment.checkVoided,
    })
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, ctx.scope.buildingId),
        eq(supplierPayment.paymentMethod, 'check'),
        gte(supplierPayment.date, period.from),
        lte(supplierPayment.date, period.to),
        bankUuid === undefined ? undefined : eq(supplierPayment.bankUuid, bankUuid),
      ),
    )
    .orderBy(asc(supplierPayment.date), asc(supplierPayment.createdAt));
  const payeeOf = await namesOf(
    db,
    ctx,
    'suppliers',
    payments.map((p) => p.supplierUuid),
  );
  const bankOf = await namesOf(
    db,
    ctx,
    'banks',
    payments.map((p) => p.bankUuid),
  );
  const compare = byName(ctx);
  // Check numbers are digits: 99 before 100; a check not printed yet has none and comes last.
  const numberOrder = (a: string | null, b: string | null) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : compare(a, b);
  const rows = payments
    .map((p) => ({
      paymentUuid: p.paymentUuid,
      checkNumber: p.checkNumber,
      date: p.date,
      supplierUuid: p.supplierUuid,
      payee: payeeOf(p.supplierUuid),
      bankUuid: p.bankUuid,
      bankName: bankOf(p.bankUuid),
      amount: p.amount,
      status: checkRegisterStatus({
        status: p.status,
        approvalStatus: p.approvalStatus,
        checkPrinted: p.checkPrintedAt !== null,
        checkVoided: p.checkVoided !== null,
      }),
      voidReason: p.checkVoided?.reason ?? null,
    }))
    // Stable: payments of one bank without a number stay in date order.
    .sort((a, b) => compare(a.bankName, b.bankName) || numberOrder(a.checkNumber, b.checkNumber));
  return {
    ...period,
    bankUuid: bankUuid ?? null,
    rows,
    total: cents(rows.reduce((total, row) => (checkIssued(row.status) ? total + row.amount : total), 0)),
  };
}

/** Posted supplier payments dated in the period, by method (in the methods' order) and month. */
export async function paymentsByMethod(
  db: DbOrTx,
  ctx: PayablesReportContext,
  period: Period,
): Promise<PaymentsByMethod> {
  const months = monthsOf(period.from, period.to);
  const month = sql<string>`to_char(${supplierPayment.date}, 'YYYY-MM-01')`;
  const sums = await db
    .select({
      method: supplierPayment.paymentMethod,
      month,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<string>`sum(${supplierPayment.amount})`,
    })
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, ctx.scope.buildingId),
        eq(supplierPayment.status, 'posted'),
        gte(supplierPayment.date, period.from),
        lte(supplierPayment.date, period.to),
      ),
    )
    .groupBy(supplierPayment.paymentMethod, month);
  const read = sums.map((row) => ({ ...row, key: row.method, amount: centsFromSql(row.amount) }));
  const byMethod = byKey(read, months);
  return {
    ...period,
    months,
    methods: supplierPaymentMethods.flatMap((method) => {
      const amounts = byMethod.get(method);
      const count = read.filter((row) => row.method === method).reduce((total, row) => total + row.count, 0);
      return amounts ? [{ method, count, ...amounts }] : [];
    }),
    totals: monthlyAmounts(read, months),
  };
}
