import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { cents, invoiceTaxesFor, supplierInvoiceSchema, supplierPaymentSchema } from '@copro/domain';
import { building } from '@copro/server/db/schema/index';
import { createInvoice } from '@copro/server/modules/payables/invoices/invoices';
import { createSupplierPayment } from '@copro/server/modules/payables/payments/create-payment';
import { listRecords } from '@copro/server/modules/registry/records';
import type { RunningServer } from '@copro/server/server';

export interface PayablesFigures {
  invoices: number;
  payments: number;
  createMs: number;
  /** One page (50) of the invoices list with its totals, median and 95th percentile of 20 reads. */
  listP50Ms: number;
  listP95Ms: number;
  /** The same, filtered on what is unpaid (a join on every payment's allocations). */
  unpaidP50Ms: number;
  approvalsP50Ms: number;
  dashboardP50Ms: number;
  agingMs: number;
  agingPdfMs: number;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timed(url: string, cookie: string, times: number): Promise<number[]> {
  const all: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    all.push(performance.now() - t0);
  }
  return all.sort((a, b) => a - b);
}

/**
 * Issue 15 "every list usable with thousands of rows": `count` supplier invoices (GST and QST) in
 * a demo building, two in three paid by wire (no approval) and one in ten held by a check waiting
 * for approval, written through the payables services; then a page of the invoices list, the
 * unpaid filter, the approvals list, the dashboard and the payables aging (JSON and PDF).
 */
export async function benchPayables(
  server: RunningServer,
  buildingRef: string,
  cookie: string,
  count = 10_000,
): Promise<PayablesFigures> {
  const { platform, address } = server;
  const [b] = await platform.db.select().from(building).where(eq(building.ref, buildingRef));
  if (!b) throw new Error(`no building ${buildingRef}`);
  const fiscalYear = `${new Date().getUTCFullYear()}-01-01`;
  const scope = { buildingId: b.id, fiscalYear };
  const source = { kind: 'system' as const, id: 'backend' };
  const ctx = { scope, source, user: null, building: b, mailer: platform.mailer };
  const reader = { userId: 'bench', canApprove: false, language: 'en' as const };
  const suppliers = await listRecords(platform.db, scope, 'suppliers');
  const expense = (await listRecords(platform.db, scope, 'categories')).find(
    (c) => c.data.parent === 'expenses',
  );
  const bank = (await listRecords(platform.db, scope, 'banks'))[0];
  if (!expense || !bank || suppliers.length === 0)
    throw new Error('bench payables: no category, bank or supplier');
  let payments = 0;
  const c0 = performance.now();
  for (let start = 0; start < count; start += 500) {
    await platform.db.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + 500); i += 1) {
        const supplier = suppliers[i % suppliers.length]!;
        const subtotal = cents(10_000 + (i % 97) * 1_013);
        const day = String(1 + (i % 28)).padStart(2, '0');
        const month = String(1 + (i % 10)).padStart(2, '0');
        const invoice = await createInvoice(
          tx,
          ctx,
          platform.storage,
          supplierInvoiceSchema.parse({
            supplierUuid: supplier.uuid,
            number: `B-${i}`,
            date: `${fiscalYear.slice(0, 4)}-${month}-${day}`,
            lines: [{ categoryUuid: expense.uuid, amount: subtotal }],
            taxes: invoiceTaxesFor(subtotal, b.taxes),
          }),
        );
        const method = i % 3 !== 2 ? 'wire-transfer' : i % 10 === 9 ? 'check' : null;
        if (!method) continue;
        await createSupplierPayment(
          tx,
          ctx,
          platform.config.publicUrl,
          reader,
          supplierPaymentSchema.parse({
            supplierUuid: supplier.uuid,
            bankUuid: bank.uuid,
            date: invoice.date,
            paymentMethod: method,
            invoices: [{ invoiceUuid: invoice.uuid, amount: invoice.total }],
            creditNotes: [],
            acceptLowBalance: true,
          }),
        );
        payments += 1;
      }
    });
  }
  const createMs = performance.now() - c0;
  if (process.env.BENCH_ANALYZE) await platform.db.execute(sql`analyze`);
  const base = `${address}/api/buildings/${buildingRef}/fiscal-years/${fiscalYear}`;
  const list = await timed(`${base}/supplier-invoices?pageSize=50`, cookie, 20);
  const unpaid = await timed(`${base}/supplier-invoices?status=unpaid&pageSize=50`, cookie, 20);
  const approvals = await timed(`${base}/supplier-payments?filter=all&pageSize=50`, cookie, 20);
  const dashboard = await timed(`${base}/payables-dashboard`, cookie, 20);
  const today = new Date().toISOString().slice(0, 10);
  const [aging] = await timed(`${base}/payables-reports/aging?asOf=${today}`, cookie, 1);
  const [agingPdf] = await timed(`${base}/payables-reports/aging?asOf=${today}&format=pdf`, cookie, 1);
  return {
    invoices: count,
    payments,
    createMs,
    listP50Ms: quantile(list, 0.5),
    listP95Ms: quantile(list, 0.95),
    unpaidP50Ms: quantile(unpaid, 0.5),
    approvalsP50Ms: quantile(approvals, 0.5),
    dashboardP50Ms: quantile(dashboard, 0.5),
    agingMs: aging ?? 0,
    agingPdfMs: agingPdf ?? 0,
  };
}
