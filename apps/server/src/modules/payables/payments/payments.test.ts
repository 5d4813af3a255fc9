import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, translate } from '@copro/domain';
import { supplierInvoice, supplierPayment } from '../../../db/schema/index';
import { as, createHarness, type Harness } from '../../../test/harness';
import { createDirectly, firstYear, issueKeys, supplierBody } from '../../../test/registry-fixtures';
import { findTransaction } from '../../ledger';
import { aidOf, balanceOf, eventsOf, payablesSetup, postings, type PayablesSetup } from '../test-fixtures';
import { supplierPaymentOwner } from './cancel-payment';
import { enterInvoice, pay, paymentBody, standing, transactionOf } from './test-payments';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const wire = { paymentMethod: 'wire-transfer' };

describe('supplier payments', () => {
  it('pay an invoice partly, then in full: Dr supplier, Cr bank, each time', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 100_000, { number: 'A-1' });
    const first = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 40_000 }], wire));
    expect(first).toMatchObject({
      status: 'posted',
      approvalStatus: 'notRequired',
      approvalsRequired: 0,
      amount: 40_000,
      supplierName: 'Déneigement Nord',
      bankName: 'Caisse',
      invoices: [{ invoiceUuid: invoice.uuid, number: 'A-1', amount: 40_000 }],
      creditNotes: [],
    });
    const posted = await transactionOf(s, first.transactionUuid);
    expect(posted).toMatchObject({
      kind: 'supplierPayment',
      date: '2026-03-15',
      paymentMethod: 'wire-transfer',
    });
    expect(postings(posted)).toEqual([
      [s.supplier.aid, 40_000],
      [s.bank.aid, -40_000],
    ]);
    expect(posted.details).toMatchObject({
      paymentUuid: first.uuid,
      paidInvoices: [{ invoiceUuid: invoice.uuid, number: 'A-1', amount: 40_000 }],
      creditNotesUsed: [],
      approvalStatus: 'notRequired',
    });
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 40_000, pending: 0 });

    const rest = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 60_000 }], wire));
    expect(postings(await transactionOf(s, rest.transactionUuid))).toEqual([
      [s.supplier.aid, 60_000],
      [s.bank.aid, -60_000],
    ]);
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 100_000, pending: 0 });
    expect(await balanceOf(s, s.bank.aid)).toBe(900_000);
    // The invoice credited the supplier 100,000; the two payments settled it.
    expect(await balanceOf(s, s.supplier.aid)).toBe(0);
    expect((await eventsOf(s, 'supplierPaymentCreated')).length).toBe(2);
    // Nothing is left to pay.
    const over = await as(h, s.admin).post(
      `${s.base}/supplier-payments`,
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 1 }], wire),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('amountExceedsUnpaid');
  });

  it('use a credit note: Cr supplier for it, Cr bank for the rest, and its unused amount goes down', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 50_000, { number: 'B-1' });
    const credit = await enterInvoice(s, 20_000, { number: 'NC-1', creditNote: true });
    const payment = await pay(
      s,
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 50_000 }], {
        ...wire,
        creditNotes: [{ invoiceUuid: credit.uuid, amount: 15_000 }],
      }),
    );
    expect(payment).toMatchObject({
      amount: 35_000,
      creditNotes: [{ invoiceUuid: credit.uuid, number: 'NC-1', amount: 15_000 }],
    });
    const posted = await transactionOf(s, payment.transactionUuid);
    expect(postings(posted)).toEqual([
      [s.supplier.aid, 50_000],
      [s.supplier.aid, -15_000],
      [s.bank.aid, -35_000],
    ]);
    expect(posted.details.creditNotesUsed).toEqual([
      { invoiceUuid: credit.uuid, number: 'NC-1', amount: 15_000 },
    ]);
    expect(await standing(s, credit.uuid)).toEqual({ paid: 15_000, pending: 0 });
    expect(await balanceOf(s, s.bank.aid)).toBe(965_000);
    // 5,000 of the credit note is left: 5,001 is more than that.
    const second = await enterInvoice(s, 10_000);
    const res = await as(h, s.admin).post(
      `${s.base}/supplier-payments`,
      paymentBody(s, [{ invoiceUuid: second.uuid, amount: 10_000 }], {
        ...wire,
        creditNotes: [{ invoiceUuid: credit.uuid, amount: 5_001 }],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'amountExceedsUnpaid',
      issues: [
        { path: ['creditNotes', 0, 'amount'], key: 'payables.payments.validation.creditNoteExceedsUnused' },
      ],
    });
  });

  it('with a credit note covering the whole invoice post no bank line', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 30_000);
    const credit = await enterInvoice(s, 30_000, { creditNote: true });
    const payment = await pay(
      s,
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 30_000 }], {
        paymentMethod: 'check',
        creditNotes: [{ invoiceUuid: credit.uuid, amount: 30_000 }],
      }),
    );
    expect(payment).toMatchObject({ amount: 0, status: 'posted' });
    expect(postings(await transactionOf(s, payment.transactionUuid))).toEqual([
      [s.supplier.aid, 30_000],
      [s.supplier.aid, -30_000],
    ]);
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);
    expect(await standing(s, credit.uuid)).toEqual({ paid: 30_000, pending: 0 });
  });

  it('waiting for approval move no money but hold their invoices’ amounts', async () => {
    const s = await payablesSetup(h, {
      numberOfApprovalsRequired: 1,
      paymentMethodsRequiringApproval: ['check'],
    });
    const invoice = await enterInvoice(s, 100_000);
    const pending = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 70_000 }]));
    expect(pending).toMatchObject({
      status: 'pending',
      approvalStatus: 'pending',
      approvalsRequired: 1,
      transactionUuid: null,
    });
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 0, pending: 70_000 });
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);
    const over = await as(h, s.admin).post(
      `${s.base}/supplier-payments`,
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 30_001 }], wire),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'amountExceedsUnpaid',
      issues: [{ path: ['invoices', 0, 'amount'], key: 'payables.errors.amountExceedsUnpaid' }],
    });
    await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 30_000 }], wire));
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 30_000, pending: 70_000 });
  });

  it('are refused without an invoice, with one twice, or with another supplier’s', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 10_000);
    const otherUuid = await createDirectly(h, s.b, 'suppliers', supplierBody('Plomberie Sud'));
    const foreign = await enterInvoice(s, 10_000, {
      supplier: { uuid: otherUuid, aid: await aidOf(h, s.b, otherUuid) },
    });
    const post = (body: object) => as(h, s.admin).post(`${s.base}/supplier-payments`, body);

    const none = await post(paymentBody(s, []));
    expect(none.statusCode).toBe(400);
    expect(issueKeys(none)).toEqual(['invoices:validation.paymentNeedsInvoice']);
    expect(translate('en', 'validation.paymentNeedsInvoice')).toBe(
      'A supplier payment must pay at least one invoice.',
    );

    const twice = await post(
      paymentBody(s, [
        { invoiceUuid: invoice.uuid, amount: 1_000 },
        { invoiceUuid: invoice.uuid, amount: 1_000 },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().issues).toEqual([
      { path: ['invoices', 1, 'invoiceUuid'], key: 'payables.payments.validation.duplicateInvoice' },
    ]);

    const other = await post(paymentBody(s, [{ invoiceUuid: foreign.uuid, amount: 1_000 }]));
    expect(other.statusCode).toBe(400);
    expect(issueKeys(other)).toEqual(['invoices.0.invoiceUuid:payables.payments.validation.otherSupplier']);

    const late = await post(
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 1_000 }], { date: '2027-01-01' }),
    );
    expect(late.statusCode).toBe(400);
    expect(issueKeys(late)).toEqual(['date:validation.dateTooLate']);
    const rows = await h.platform.db
      .select()
      .from(supplierPayment)
      .where(eq(supplierPayment.buildingId, s.b.id));
    expect(rows).toEqual([]);
  });

  it('warn when the bank would go under the threshold, and go through once confirmed', async () => {
    const s = await payablesSetup(h, { lowBalanceWarningThreshold: cents(950_000) });
    const invoice = await enterInvoice(s, 100_000);
    // 1,000,000 − 40,000 stays above the threshold: no warning.
    await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 40_000 }], wire));
    const body = paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 20_000 }], wire);
    const send = (payload: object) =>
      h.app.inject({
        method: 'POST',
        url: `${s.base}/supplier-payments`,
        payload,
        headers: { cookie: s.admin.cookie, 'idempotency-key': 'low-balance-1' },
      });
    const warned = await send(body);
    expect(warned.statusCode, warned.body).toBe(200);
    expect(warned.json()).toEqual({
      payment: null,
      lowBalance: { balanceAfter: 940_000, threshold: 950_000, bankName: 'Caisse' },
    });
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 40_000, pending: 0 });
    // The warning spent no key: the confirmation may come with the same one.
    const confirmed = await send({ ...body, acceptLowBalance: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().payment).toMatchObject({ status: 'posted', amount: 20_000 });
    expect(await balanceOf(s, s.bank.aid)).toBe(940_000);
  });

  it('cancelled after posting give the invoice back its unpaid amount', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 100_000);
    const payment = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 100_000 }], wire));
    const res = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/cancel`, {
      reason: 'Paid twice',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', transactionUuid: payment.transactionUuid });
    expect((await transactionOf(s, payment.transactionUuid)).status).toBe('cancelled');
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 0, pending: 0 });
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);
    expect((await eventsOf(s, 'supplierPaymentCancelled'))[0]?.metadata).toMatchObject({
      uuid: payment.uuid,
      reason: 'Paid twice',
      wasPosted: true,
    });
    const again = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/cancel`, {
      reason: 'x',
    });
    expect(again.statusCode).toBe(400);
    expect(issueKeys(again)).toEqual([':payables.payments.validation.alreadyCancelled']);
    // The invoice can be paid again.
    await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 100_000 }], wire));
  });

  it('cancelled while pending free the amounts they held', async () => {
    const s = await payablesSetup(h, {
      numberOfApprovalsRequired: 1,
      paymentMethodsRequiringApproval: ['check'],
    });
    const invoice = await enterInvoice(s, 10_000);
    const payment = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 10_000 }]));
    const res = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/cancel`, {
      reason: 'Wrong',
    });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      approvalStatus: 'pending',
      transactionUuid: null,
    });
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 0, pending: 0 });
    expect((await eventsOf(s, 'supplierPaymentCancelled'))[0]?.metadata).toMatchObject({ wasPosted: false });
  });

  it('are cancelled with their transaction when the ledger cancels it through its owner', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 10_000);
    const payment = await pay(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 10_000 }], wire));
    const scope = { buildingId: s.b.id, fiscalYear: firstYear };
    await h.platform.db.transaction(async (tx) => {
      const row = await findTransaction(tx, scope, 'supplierPayment', payment.transactionUuid, true);
      if (!row) throw new Error('no transaction');
      expect(await supplierPaymentOwner.owns(tx, scope, row)).toBe(true);
      const cancelled = await supplierPaymentOwner.cancel(
        tx,
        scope,
        { kind: 'system', id: 'backend' },
        row,
        'Undo',
      );
      expect(cancelled.status).toBe('cancelled');
    });
    const [row] = await h.platform.db
      .select()
      .from(supplierPayment)
      .where(and(eq(supplierPayment.buildingId, s.b.id), eq(supplierPayment.uuid, payment.uuid)));
    expect(row?.status).toBe('cancelled');
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 0, pending: 0 });
    // The invoice's own transaction is not the payments' to cancel.
    await h.platform.db.transaction(async (tx) => {
      const row = await findTransaction(tx, scope, 'supplierInvoice', invoice.transactionUuid);
      if (!row) throw new Error('no invoice transaction');
      expect(await supplierPaymentOwner.owns(tx, scope, row)).toBe(false);
    });
  });
});

/**
 * Requests that arrive together (a double submission, two users): on PostgreSQL they run at once on
 * connections of their own, so these fail if a payment checks what is left of an invoice or credit
 * note without locking it first. PGlite runs them one after the other; the answers are the same.
 */
describe('supplier payments at the same moment', () => {
  const post = (s: PayablesSetup, body: object) => as(h, s.admin).post(`${s.base}/supplier-payments`, body);
  const paymentRows = (s: PayablesSetup) =>
    h.platform.db.select().from(supplierPayment).where(eq(supplierPayment.buildingId, s.b.id));

  it('two payments of a whole invoice: one is made, the other answers 409 amountExceedsUnpaid', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 100_000);
    const body = paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 100_000 }], wire);
    const answers = await Promise.all([post(s, body), post(s, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'amountExceedsUnpaid',
      issues: [{ path: ['invoices', 0, 'amount'], key: 'payables.errors.amountExceedsUnpaid' }],
    });
    expect(await standing(s, invoice.uuid)).toEqual({ paid: 100_000, pending: 0 });
    expect(await paymentRows(s)).toHaveLength(1);
    expect(await balanceOf(s, s.bank.aid)).toBe(900_000);
  });

  it('two payments using the whole of one credit note: it is used once', async () => {
    const s = await payablesSetup(h);
    const credit = await enterInvoice(s, 30_000, { creditNote: true });
    const bodies = [];
    for (const number of ['C-1', 'C-2']) {
      const invoice = await enterInvoice(s, 50_000, { number });
      bodies.push(
        paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 50_000 }], {
          ...wire,
          creditNotes: [{ invoiceUuid: credit.uuid, amount: 30_000 }],
        }),
      );
    }
    const answers = await Promise.all(bodies.map((body) => post(s, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'amountExceedsUnpaid',
      issues: [
        { path: ['creditNotes', 0, 'amount'], key: 'payables.payments.validation.creditNoteExceedsUnused' },
      ],
    });
    expect(await standing(s, credit.uuid)).toEqual({ paid: 30_000, pending: 0 });
    expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000 - 20_000);
  });

  it('a payment and the cancellation of its invoice: one wins, never both', async () => {
    const s = await payablesSetup(h);
    const invoice = await enterInvoice(s, 100_000);
    const [paid, cancelled] = await Promise.all([
      post(s, paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 100_000 }], wire)),
      as(h, s.admin).post(`${s.base}/supplier-invoices/${invoice.uuid}/cancel`, { reason: 'Entered twice' }),
    ]);
    const [row] = await h.platform.db
      .select({ cancelled: supplierInvoice.cancelled })
      .from(supplierInvoice)
      .where(and(eq(supplierInvoice.buildingId, s.b.id), eq(supplierInvoice.uuid, invoice.uuid)));
    if (paid.statusCode === 201) {
      // Paid first: the invoice is in use and stays.
      expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, 'invoiceInUse']);
      expect(row?.cancelled).toBe(false);
      expect(await standing(s, invoice.uuid)).toEqual({ paid: 100_000, pending: 0 });
    } else {
      // Cancelled first: the payment no longer finds it and moves nothing.
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(issueKeys(paid)).toEqual(['invoices.0.invoiceUuid:payables.payments.validation.invoiceMissing']);
      expect(row?.cancelled).toBe(true);
      expect(await paymentRows(s)).toEqual([]);
      expect(await balanceOf(s, s.bank.aid)).toBe(1_000_000);
    }
  });
});
