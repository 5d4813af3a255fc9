import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PayablesDashboard,
  RecurringBillView,
  SupplierInvoiceView,
  SupplierPaymentView,
} from '@copro/domain';
import { registryRecord } from '../../db/schema/index';
import { as, createHarness, type Harness, type TestUser } from '../../test/harness';
import { enterInvoice } from './invoices/test-fixtures';
import { pay, paymentBody } from './payments/test-payments';
import { payablesSetup, type PayablesSetup } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** The record the building's chart started with under `systemKey`. */
async function seeded(s: PayablesSetup, systemKey: string): Promise<string> {
  const [row] = await h.platform.db
    .select({ uuid: registryRecord.uuid })
    .from(registryRecord)
    .where(
      and(eq(registryRecord.buildingId, s.b.id), sql`${registryRecord.data} ->> 'systemKey' = ${systemKey}`),
    );
  if (!row) throw new Error(`no ${systemKey}`);
  return row.uuid;
}

/** What `reader` is answered at `url`. */
async function read<T>(s: PayablesSetup, reader: TestUser, url: string): Promise<T> {
  const res = await as(h, reader).get(`${s.base}${url}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/**
 * An English building (its chart named in English) with an invoice of electricity paid from the
 * operating account, and a recurring bill of electricity that account pays: all three are the
 * chart's defaults, never renamed.
 */
async function defaultsInUse() {
  const s = await payablesSetup(h);
  const operating = await seeded(s, 'operating');
  const electricity = await seeded(s, 'electricity');
  const invoice = await enterInvoice(s, {
    lines: [{ categoryUuid: electricity, amount: 20_000 }],
    taxes: [],
  });
  const payment = await pay(
    s,
    paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 20_000 }], {
      bankUuid: operating,
      paymentMethod: 'wire-transfer',
      acceptLowBalance: true,
    }),
  );
  const days = await as(h, s.admin).put(`${s.base}/recurring-billing-days`, { days: [5] });
  expect(days.statusCode, days.body).toBe(200);
  const bill = await as(h, s.admin).post(`${s.base}/recurring-bills`, {
    description: 'Hydro',
    amount: 10_000,
    billingDay: 5,
    categoryUuid: electricity,
    counterpartUuid: operating,
    paymentMethod: 'pre-authorized-debit',
    startDate: '2026-01-01',
  });
  expect(bill.statusCode, bill.body).toBe(201);
  return { s, invoice, payment: payment as SupplierPaymentView };
}

describe('the names of default banks and categories, in the reader’s language (DESIGN 3)', () => {
  it('a payment names its bank, an invoice its categories, as each reader reads them', async () => {
    const { s, invoice, payment } = await defaultsInUse();
    const [english, french] = s.approvers;
    const bankOf = async (reader: TestUser) =>
      (await read<SupplierPaymentView>(s, reader, `/supplier-payments/${payment.uuid}`)).bankName;
    expect(await bankOf(english)).toBe('Operating account');
    expect(await bankOf(french)).toBe('Compte d’exploitation');

    const categoriesOf = async (reader: TestUser) =>
      (await read<SupplierInvoiceView>(s, reader, `/supplier-invoices/${invoice.uuid}`)).lines.map(
        (l) => l.categoryName,
      );
    expect(await categoriesOf(english)).toEqual(['Electricity']);
    expect(await categoriesOf(french)).toEqual(['Électricité']);
    // A supplier's name is never translated.
    const supplierOf = async (reader: TestUser) =>
      (await read<SupplierInvoiceView>(s, reader, `/supplier-invoices/${invoice.uuid}`)).supplierName;
    expect(await supplierOf(french)).toBe('Déneigement Nord');
  });

  it('so do the lists and the recurring bills', async () => {
    const { s, invoice } = await defaultsInUse();
    const [, french] = s.approvers;
    const payments = await read<{ items: SupplierPaymentView[] }>(s, french, '/supplier-payments');
    expect(payments.items.map((p) => p.bankName)).toEqual(['Compte d’exploitation']);
    const invoices = await read<{ items: SupplierInvoiceView[] }>(s, french, '/supplier-invoices');
    expect(invoices.items.find((i) => i.uuid === invoice.uuid)?.lines[0]?.categoryName).toBe('Électricité');
    const bills = await read<{ bills: RecurringBillView[] }>(s, french, '/recurring-bills');
    expect(bills.bills.map((b) => [b.categoryName, b.counterpartName])).toEqual([
      ['Électricité', 'Compte d’exploitation'],
    ]);
  });

  it('the dashboard lists the bills due in the reader’s language', async () => {
    const s = await payablesSetup(h);
    const electricity = await seeded(s, 'electricity');
    await enterInvoice(s, {
      date: '2026-01-05',
      lines: [{ categoryUuid: electricity, amount: 20_000 }],
      taxes: [],
    });
    const categoryOf = async (reader: TestUser) =>
      (await read<PayablesDashboard>(s, reader, '/payables-dashboard')).dueThisWeek.map(
        (i) => i.lines[0]?.categoryName,
      );
    expect(await categoryOf(s.approvers[0])).toEqual(['Electricity']);
    expect(await categoryOf(s.approvers[1])).toEqual(['Électricité']);
  });
});
