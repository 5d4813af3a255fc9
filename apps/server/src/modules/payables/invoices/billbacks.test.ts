import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoiceBillback } from '../../../db/schema/index';
import { as, createHarness, type Harness } from '../../../test/harness';
import { issueKeys, unitBody, createDirectly } from '../../../test/registry-fixtures';
import { cents } from '@copro/domain';
import { findTransaction, postTransaction } from '../../ledger';
import { balanceOf, eventsOf, payablesSetup, postings, type PayablesSetup } from '../test-fixtures';
import { supplierInvoiceOwner } from './invoice-owner';
import { enterInvoice, transactionOf, type InvoiceAnswer } from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

interface Billback {
  transactionUuid: string;
  unitUuid: string;
  unitNumber: string;
  amount: number;
  cancelled: boolean;
}

const billBack = (s: PayablesSetup, invoice: InvoiceAnswer, body: object) =>
  as(h, s.admin).post(`${s.base}/supplier-invoices/${invoice.uuid}/billbacks`, {
    date: '2026-03-15',
    ...body,
  });

async function billedBack(s: PayablesSetup, invoice: InvoiceAnswer, body: object): Promise<Billback[]> {
  const res = await billBack(s, invoice, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().billbacks;
}

const unitsOf = (s: PayablesSetup) => s.units.map((u) => ({ unitUuid: u.uuid }));

describe('billing an invoice back to units', () => {
  it('shares by vote share (0.5 / 0.3 / 0.2), the odd cent to the largest remainder', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    // Half of the 1,050.00 invoice and one cent: 525.01.
    const billbacks = await billedBack(s, invoice, { amount: 52_501, rule: 'voteShare', units: unitsOf(s) });
    expect(billbacks.map((b) => [b.unitUuid, b.unitNumber, b.amount, b.cancelled])).toEqual([
      [s.units[0]?.uuid, s.units[0]?.number, 26_251, false],
      [s.units[1]?.uuid, s.units[1]?.number, 15_750, false],
      [s.units[2]?.uuid, s.units[2]?.number, 10_500, false],
    ]);
    for (const [i, billback] of billbacks.entries()) {
      const unit = s.units[i];
      if (!unit) throw new Error('no unit');
      const transaction = await transactionOf(s, billback.transactionUuid);
      expect(transaction).toMatchObject({
        kind: 'unitSupplierBillback',
        date: '2026-03-15',
        description: `Billback of invoice ${invoice.number} – Déneigement Nord`,
        details: { sourceInvoiceTransaction: invoice.transactionUuid, invoiceUuid: invoice.uuid },
      });
      // The unit is charged; the invoice's expense category gets it back.
      expect(postings(transaction)).toEqual([
        [unit.aid, billback.amount],
        [s.expenses[0].aid, -billback.amount],
      ]);
    }
    expect(await balanceOf(s, s.expenses[0].aid)).toBe(105_000 - 52_501);
    const view = await as(h, s.admin).get(`${s.base}/supplier-invoices/${invoice.uuid}`);
    expect(view.json().billedBack).toBe(52_501);
    const [event] = await eventsOf(s, 'billbackAdded');
    expect(event?.metadata).toMatchObject({ invoiceUuid: invoice.uuid, amount: 52_501, rule: 'voteShare' });
  });

  it('shows the billback on the unit’s account, with its source invoice', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    await billedBack(s, invoice, { amount: 30_000, rule: 'voteShare', units: unitsOf(s) });
    const unit = s.units[1];
    if (!unit) throw new Error('no unit');
    const res = await as(h, s.admin).get(`${s.base}/accounts/${unit.aid}/transactions`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.balance).toBe(9_000);
    expect(page.lines).toHaveLength(1);
    expect(page.lines[0]).toMatchObject({
      amount: 9_000,
      transaction: {
        kind: 'unitSupplierBillback',
        details: { sourceInvoiceTransaction: invoice.transactionUuid },
      },
    });
  });

  it('shares equally', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const billbacks = await billedBack(s, invoice, { amount: 10_001, rule: 'equal', units: unitsOf(s) });
    expect(billbacks.map((b) => b.amount)).toEqual([3_334, 3_334, 3_333]);
    expect(await balanceOf(s, s.units[2]?.aid ?? 0)).toBe(3_333);
  });

  it('takes amounts per unit only when they add up to the amount', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const [a, b] = s.units;
    if (!a || !b) throw new Error('no units');
    const refused = await billBack(s, invoice, {
      amount: 10_000,
      rule: 'amounts',
      units: [
        { unitUuid: a.uuid, amount: 6_000 },
        { unitUuid: b.uuid, amount: 3_999 },
      ],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(issueKeys(refused)).toEqual(['units:payables.invoices.validation.amountsDoNotAddUp']);
    expect(await balanceOf(s, a.aid)).toBe(0);
    const missing = await billBack(s, invoice, {
      amount: 10_000,
      rule: 'amounts',
      units: [{ unitUuid: a.uuid, amount: 10_000 }, { unitUuid: b.uuid }],
    });
    expect(issueKeys(missing)).toEqual(['units.1.amount:validation.required']);
    const billbacks = await billedBack(s, invoice, {
      amount: 10_000,
      rule: 'amounts',
      units: [
        { unitUuid: a.uuid, amount: 6_000 },
        { unitUuid: b.uuid, amount: 4_000 },
      ],
    });
    expect(billbacks.map((x) => x.amount)).toEqual([6_000, 4_000]);
  });

  it('bills back at most what is left of the invoice’s total', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    await billedBack(s, invoice, { amount: 100_000, rule: 'equal', units: unitsOf(s) });
    const over = await billBack(s, invoice, { amount: 5_001, rule: 'equal', units: unitsOf(s) });
    expect(over.statusCode).toBe(400);
    expect(issueKeys(over)).toEqual(['amount:payables.invoices.validation.billbackTooMuch']);
    const rest = await billedBack(s, invoice, { amount: 5_000, rule: 'equal', units: unitsOf(s) });
    expect(rest).toHaveLength(6);
  });

  it('refuses units twice or not of the year, and a credit note', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const archived = await createDirectly(h, s.b, 'units', unitBody());
    const archiving = await as(h, s.admin).post(`${s.base}/units/${archived}/archive`, { archived: true });
    expect(archiving.statusCode, archiving.body).toBe(200);
    const [a] = s.units;
    if (!a) throw new Error('no unit');
    const res = await billBack(s, invoice, {
      amount: 1_000,
      rule: 'equal',
      units: [
        { unitUuid: a.uuid },
        { unitUuid: a.uuid },
        { unitUuid: s.supplier.uuid },
        { unitUuid: archived },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual([
      'units.1.unitUuid:payables.invoices.validation.unitTwice',
      'units.2.unitUuid:payables.invoices.validation.unitMissing',
      'units.3.unitUuid:payables.invoices.validation.unitMissing',
    ]);
    const note = await enterInvoice(s, { creditNote: true });
    const refused = await billBack(s, note, { amount: 1_000, rule: 'equal', units: unitsOf(s) });
    expect(issueKeys(refused)).toEqual([':payables.invoices.validation.creditNoteBillback']);
  });
});

describe('cancelling billbacks and their invoice', () => {
  it('refuses to cancel an invoice while a billback stands, then cancels it once the billback is', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const [first] = await billedBack(s, invoice, { amount: 9_000, rule: 'equal', units: unitsOf(s) });
    if (!first) throw new Error('no billback');
    const refused = await as(h, s.admin).post(`${s.base}/supplier-invoices/${invoice.uuid}/cancel`, {
      reason: 'Duplicate',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('invoiceInUse');
    // The ledger's own cancel route goes through the invoices (modules/index.ts lists the owner).
    const throughLedger = await as(h, s.admin).post(
      `${s.base}/transactions/${invoice.transactionUuid}/cancel`,
      {
        reason: 'Duplicate',
      },
    );
    expect(throughLedger.statusCode, throughLedger.body).toBe(409);
    expect(throughLedger.json().code).toBe('invoiceInUse');

    const scope = { buildingId: s.b.id, fiscalYear: '2026-01-01' };
    const source = { kind: 'system', id: 'backend' } as const;
    // The ledger's cancel goes through the owner: the invoice's own transaction is refused too.
    await expect(
      h.platform.db.transaction(async (tx) => {
        const row = await findTransaction(tx, scope, 'supplierInvoice', invoice.transactionUuid, true);
        if (!row || !(await supplierInvoiceOwner.owns(tx, scope, row))) throw new Error('not owned');
        return supplierInvoiceOwner.cancel(tx, scope, source, row, 'Duplicate');
      }),
    ).rejects.toMatchObject({ code: 'invoiceInUse' });
    // Each billback's transaction is the owner's: cancelling it marks the billback cancelled.
    const billbacks = (
      await as(h, s.admin).get(`${s.base}/supplier-invoices/${invoice.uuid}/billbacks`)
    ).json().billbacks as Billback[];
    await h.platform.db.transaction(async (tx) => {
      for (const billback of billbacks) {
        const row = await findTransaction(tx, scope, 'unitSupplierBillback', billback.transactionUuid, true);
        if (!row || !(await supplierInvoiceOwner.owns(tx, scope, row))) throw new Error('not owned');
        await supplierInvoiceOwner.cancel(tx, scope, source, row, 'Billed by mistake');
      }
    });
    const after = (await as(h, s.admin).get(`${s.base}/supplier-invoices/${invoice.uuid}/billbacks`)).json()
      .billbacks as Billback[];
    expect(after.map((b) => b.cancelled)).toEqual([true, true, true]);
    expect(await balanceOf(s, s.units[0]?.aid ?? 0)).toBe(0);
    const rows = await h.platform.db
      .select()
      .from(invoiceBillback)
      .where(and(eq(invoiceBillback.buildingId, s.b.id), eq(invoiceBillback.cancelled, false)));
    expect(rows).toEqual([]);
    // What was billed back can be billed again.
    expect((await as(h, s.admin).get(`${s.base}/supplier-invoices/${invoice.uuid}`)).json().billedBack).toBe(
      0,
    );

    const cancelled = await h.platform.db.transaction(async (tx) => {
      const row = await findTransaction(tx, scope, 'supplierInvoice', invoice.transactionUuid, true);
      if (!row) throw new Error('no transaction');
      return supplierInvoiceOwner.cancel(tx, scope, source, row, 'Duplicate');
    });
    expect(cancelled.status).toBe('cancelled');
    const view = (await as(h, s.admin).get(`${s.base}/supplier-invoices/${invoice.uuid}`)).json();
    expect(view.status).toBe('cancelled');
    expect(await eventsOf(s, 'supplierInvoiceCancelled')).toHaveLength(1);
  });

  it('owns only the transactions it posted', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s);
    const scope = { buildingId: s.b.id, fiscalYear: '2026-01-01' };
    // A supplier invoice written in the ledger by hand is no invoice of the area's.
    const byHandUuid = await h.platform.db.transaction(async (tx) => {
      const view = await postTransaction(
        tx,
        scope,
        { kind: 'system', id: 'backend' },
        {
          date: '2026-03-01',
          description: 'By hand',
          kind: 'supplierInvoice',
          taxes: [],
          indexes: [],
          subtransactions: [
            { aid: s.expenses[0].aid, amount: cents(100) },
            { aid: s.supplier.aid, amount: cents(-100) },
          ],
        },
      );
      return view.uuid;
    });
    await h.platform.db.transaction(async (tx) => {
      const mine = await findTransaction(tx, scope, 'supplierInvoice', invoice.transactionUuid);
      const byHand = await findTransaction(tx, scope, 'supplierInvoice', byHandUuid);
      if (!mine || !byHand) throw new Error('missing');
      expect(await supplierInvoiceOwner.owns(tx, scope, mine)).toBe(true);
      expect(await supplierInvoiceOwner.owns(tx, scope, byHand)).toBe(false);
    });
  });
});
