import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SupplierPaymentView } from '@copro/domain';
import { supplierPayment } from '../../../db/schema/index';
import { as, createHarness, type Harness, type TestUser } from '../../../test/harness';
import { bankBody, createDirectly, issueKeys, supplierBody } from '../../../test/registry-fixtures';
import { balanceOf, eventsOf, payablesSetup, type PayablesSetup } from '../test-fixtures';
import { readPdf } from './pdf-reading';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

interface Paying {
  supplierUuid?: string;
  bankUuid?: string;
  paymentMethod?: string;
  creditNotes?: { invoiceUuid: string; amount: number }[];
  memo?: string;
}

async function invoice(
  s: PayablesSetup,
  number: string,
  amount: number,
  extra: { supplierUuid?: string; creditNote?: boolean; date?: string } = {},
): Promise<string> {
  const res = await as(h, s.admin).post(`${s.base}/supplier-invoices`, {
    supplierUuid: extra.supplierUuid ?? s.supplier.uuid,
    number,
    date: extra.date ?? '2026-03-01',
    ...(extra.creditNote ? { creditNote: true } : {}),
    lines: [{ categoryUuid: s.expenses[0].uuid, amount }],
    taxes: [],
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { uuid: string }).uuid;
}

async function pay(
  s: PayablesSetup,
  invoices: { invoiceUuid: string; amount: number }[],
  p: Paying = {},
): Promise<SupplierPaymentView> {
  const res = await as(h, s.admin).post(`${s.base}/supplier-payments`, {
    supplierUuid: p.supplierUuid ?? s.supplier.uuid,
    bankUuid: p.bankUuid ?? s.bank.uuid,
    date: '2026-03-05',
    paymentMethod: p.paymentMethod ?? 'check',
    invoices,
    creditNotes: p.creditNotes ?? [],
    ...(p.memo ? { memo: p.memo } : {}),
    acceptLowBalance: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payment: SupplierPaymentView }).payment;
}

/** A payment of one new invoice of `amount`. */
async function payInvoice(s: PayablesSetup, amount: number, p: Paying = {}): Promise<SupplierPaymentView> {
  const number = `F-${randomUUID().slice(0, 6)}`;
  const uuid = await invoice(s, number, amount, p.supplierUuid ? { supplierUuid: p.supplierUuid } : {});
  return pay(s, [{ invoiceUuid: uuid, amount }], p);
}

const print = (s: PayablesSetup, paymentUuids: string[], reprint?: boolean, by: TestUser = s.admin) =>
  as(h, by).post(`${s.base}/supplier-checks/print`, { paymentUuids, ...(reprint ? { reprint } : {}) });

async function printed(s: PayablesSetup, paymentUuids: string[], reprint?: boolean): Promise<Buffer> {
  const res = await print(s, paymentUuids, reprint);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

const paymentRow = async (s: PayablesSetup, uuid: string) => {
  const [row] = await h.platform.db
    .select()
    .from(supplierPayment)
    .where(and(eq(supplierPayment.buildingId, s.b.id), eq(supplierPayment.uuid, uuid)));
  if (!row) throw new Error(`no payment ${uuid}`);
  return row;
};

const numberOf = async (s: PayablesSetup, uuid: string) => (await paymentRow(s, uuid)).checkNumber;

const numberingUrl = (s: PayablesSetup, bankUuid: string) =>
  `/api/buildings/${s.b.ref}/banks/${bankUuid}/check-numbering`;

async function nextNumber(s: PayablesSetup, bankUuid: string): Promise<number> {
  const res = await as(h, s.admin).get(numberingUrl(s, bankUuid));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { nextCheckNumber: number }).nextCheckNumber;
}

const denial = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json() as { code: string; issues: { path: (string | number)[]; key: string }[] };
  expect(body.code).toBe('checkPrintDenied');
  return body.issues.map((i) => ({ path: i.path, key: i.key }));
};

describe('printing supplier checks', () => {
  it('numbers a batch with the bank’s next numbers, one page per check, each logged', async () => {
    const s = await payablesSetup(h);
    const first = await payInvoice(s, 40_000);
    const second = await payInvoice(s, 15_050);
    expect(await nextNumber(s, s.bank.uuid)).toBe(1);

    const pdf = await printed(s, [first.uuid, second.uuid]);
    const pages = await readPdf(pdf);
    expect(pages).toHaveLength(2);
    expect([await numberOf(s, first.uuid), await numberOf(s, second.uuid)]).toEqual(['1', '2']);
    expect((await paymentRow(s, first.uuid)).checkPrintedAt?.toISOString()).toBe(
      h.platform.clock.now().toISOString(),
    );
    expect(await nextNumber(s, s.bank.uuid)).toBe(3);
    const logs = await eventsOf(s, 'checkPrinted');
    expect(logs.map((l) => [l.metadata.paymentUuid, l.metadata.checkNumber]).sort()).toEqual(
      [
        [first.uuid, '1'],
        [second.uuid, '2'],
      ].sort(),
    );
    // The view says the check is printed, with its number.
    const view = await as(h, s.admin).get(`${s.base}/supplier-payments/${second.uuid}`);
    expect(view.json()).toMatchObject({ checkNumber: '2', checkPrinted: true, checkVoided: null });
    // The ledger's transaction carries it too: the bank's statement names the check by it.
    const transactionUuid = (await paymentRow(s, second.uuid)).transactionUuid;
    const posted = await as(h, s.admin).get(`${s.base}/transactions/${transactionUuid}`);
    expect(posted.json()).toMatchObject({ check: '2' });

    // The next print goes on from there.
    const third = await payInvoice(s, 1_000);
    await printed(s, [third.uuid]);
    expect(await numberOf(s, third.uuid)).toBe('3');
  });

  it('reprints with the same numbers, logged as reprints; a second first print is refused', async () => {
    const s = await payablesSetup(h);
    const a = await payInvoice(s, 12_000);
    const b = await payInvoice(s, 13_000);
    await printed(s, [a.uuid, b.uuid]);

    const again = await print(s, [b.uuid, a.uuid]);
    expect(again.statusCode, again.body).toBe(400);
    expect(issueKeys(again)).toEqual([
      'paymentUuids.0:payables.checks.alreadyPrinted',
      'paymentUuids.1:payables.checks.alreadyPrinted',
    ]);

    const pdf = await printed(s, [b.uuid, a.uuid], true);
    expect(await readPdf(pdf)).toHaveLength(2);
    expect([await numberOf(s, a.uuid), await numberOf(s, b.uuid)]).toEqual(['1', '2']);
    expect(await nextNumber(s, s.bank.uuid)).toBe(3);
    expect((await eventsOf(s, 'checkReprinted')).map((l) => l.metadata.checkNumber).sort()).toEqual([
      '1',
      '2',
    ]);
    expect(await eventsOf(s, 'checkPrinted')).toHaveLength(2);

    // A reprint is of a printed check only.
    const fresh = await payInvoice(s, 500);
    const reprint = await print(s, [fresh.uuid], true);
    expect(reprint.statusCode, reprint.body).toBe(400);
    expect(issueKeys(reprint)).toEqual(['paymentUuids.0:payables.checks.notPrinted']);
    expect(await numberOf(s, fresh.uuid)).toBeNull();

    const twice = await print(s, [fresh.uuid, fresh.uuid]);
    expect(issueKeys(twice)).toEqual(['paymentUuids.1:payables.checks.duplicatePayment']);
  });

  it('numbers each bank on its own; the next number is set by hand, never at or below one used', async () => {
    const s = await payablesSetup(h);
    const otherBank = await createDirectly(h, s.b, 'banks', bankBody('Desjardins'));
    const set = await as(h, s.admin).put(numberingUrl(s, otherBank), { nextCheckNumber: 500 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ bankUuid: otherBank, nextCheckNumber: 500 });
    const edits = await eventsOf(s, 'checkNumberingEdited');
    expect(edits.map((e) => e.changes)).toEqual([[{ field: 'nextCheckNumber', before: 1, after: 500 }]]);

    const fromOther = await payInvoice(s, 2_000, { bankUuid: otherBank });
    const fromFirst = await payInvoice(s, 3_000);
    await printed(s, [fromOther.uuid, fromFirst.uuid]);
    expect(await numberOf(s, fromOther.uuid)).toBe('500');
    expect(await numberOf(s, fromFirst.uuid)).toBe('1');
    expect(await nextNumber(s, otherBank)).toBe(501);
    expect(await nextNumber(s, s.bank.uuid)).toBe(2);

    for (const below of [500, 20]) {
      const refused = await as(h, s.admin).put(numberingUrl(s, otherBank), { nextCheckNumber: below });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(issueKeys(refused)).toEqual(['nextCheckNumber:payables.checks.numberBelowUsed']);
    }
    const up = await as(h, s.admin).put(numberingUrl(s, otherBank), { nextCheckNumber: 1_000 });
    expect(up.statusCode, up.body).toBe(200);
    expect(await nextNumber(s, otherBank)).toBe(1_000);
    expect(await eventsOf(s, 'checkNumberingEdited')).toHaveLength(2);

    // Only a bank of this building has a numbering.
    const elsewhere = await payablesSetup(h);
    expect((await as(h, elsewhere.admin).get(numberingUrl(elsewhere, otherBank))).statusCode).toBe(404);
    expect((await as(h, s.admin).get(numberingUrl(s, s.supplier.uuid))).statusCode).toBe(404);
  });

  it('refuses a payment that is not a supplier payment by check', async () => {
    const s = await payablesSetup(h);
    const check = await payInvoice(s, 1_000);
    const wire = await payInvoice(s, 2_000, { paymentMethod: 'wire-transfer' });
    const cancelled = await payInvoice(s, 3_000);
    const cancel = await as(h, s.admin).post(`${s.base}/supplier-payments/${cancelled.uuid}/cancel`, {
      reason: 'Wrong amount',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const res = await print(s, [check.uuid, wire.uuid, randomUUID(), cancelled.uuid]);
    expect(denial(res)).toEqual([
      { path: ['paymentUuids', 1], key: 'TransactionNotSupplierPaymentByCheck' },
      { path: ['paymentUuids', 2], key: 'TransactionNotSupplierPaymentByCheck' },
      { path: ['paymentUuids', 3], key: 'TransactionNotSupplierPaymentByCheck' },
    ]);
    // Nothing of the batch printed.
    expect(await numberOf(s, check.uuid)).toBeNull();
    expect(await eventsOf(s, 'checkPrinted')).toEqual([]);
  });

  it('refuses a payment not approved when approval is required, and prints it once approved', async () => {
    const s = await payablesSetup(h, {
      numberOfApprovalsRequired: 2,
      paymentMethodsRequiringApproval: ['check'],
    });
    const payment = await payInvoice(s, 75_000);
    expect(payment.status).toBe('pending');
    expect(denial(await print(s, [payment.uuid]))).toEqual([
      { path: ['paymentUuids', 0], key: 'TransactionNotApproved' },
    ]);

    const decide = (by: TestUser, decision: 'approve' | 'reject', uuid = payment.uuid) =>
      as(h, by).post(`${s.base}/supplier-payments/${uuid}/decision`, { decision });
    expect((await decide(s.approvers[0], 'approve')).statusCode).toBe(200);
    // One approval of the two: still not approved.
    expect(denial(await print(s, [payment.uuid]))).toEqual([
      { path: ['paymentUuids', 0], key: 'TransactionNotApproved' },
    ]);
    expect((await decide(s.approvers[1], 'approve')).statusCode).toBe(200);
    const text = (await readPdf(await printed(s, [payment.uuid])))[0]?.text ?? '';
    // The signature lines carry the approvers' names.
    expect(text).toContain('approver-en-CA');
    expect(text).toContain('approver-fr-CA');

    const rejected = await payInvoice(s, 5_000);
    expect((await decide(s.approvers[0], 'reject', rejected.uuid)).statusCode).toBe(200);
    expect(denial(await print(s, [rejected.uuid]))).toEqual([
      { path: ['paymentUuids', 0], key: 'TransactionNotApproved' },
    ]);
  });

  it('refuses a batch to more than one supplier', async () => {
    const s = await payablesSetup(h);
    const other = await createDirectly(h, s.b, 'suppliers', supplierBody('Plomberie Sud'));
    const a = await payInvoice(s, 1_000);
    const b = await payInvoice(s, 2_000, { supplierUuid: other });
    const c = await payInvoice(s, 3_000);
    expect(denial(await print(s, [a.uuid, b.uuid, c.uuid]))).toEqual([
      { path: ['paymentUuids', 1], key: 'MultipleSuppliers' },
    ]);
    // Each supplier's checks print on their own.
    await printed(s, [a.uuid, c.uuid]);
    await printed(s, [b.uuid]);
    expect([await numberOf(s, a.uuid), await numberOf(s, c.uuid), await numberOf(s, b.uuid)]).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('refuses a currency amounts in words do not support (SPEC 8)', async () => {
    const s = await payablesSetup(h, { currency: 'EUR' });
    const payment = await payInvoice(s, 1_000);
    const res = await print(s, [payment.uuid]);
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual(['paymentUuids:payables.checks.currencyNotSupported']);
    expect(await numberOf(s, payment.uuid)).toBeNull();
  });

  it('lets finance writers print; the accountant and approvers may not', async () => {
    const s = await payablesSetup(h);
    const payment = await payInvoice(s, 1_000);
    for (const user of [s.accountant, s.approvers[0]]) {
      expect((await print(s, [payment.uuid], false, user)).statusCode).toBe(403);
      const voided = await as(h, user).post(`${s.base}/supplier-payments/${payment.uuid}/void-check`, {
        reason: 'No',
      });
      expect(voided.statusCode).toBe(403);
      expect((await as(h, user).put(numberingUrl(s, s.bank.uuid), { nextCheckNumber: 9 })).statusCode).toBe(
        403,
      );
    }
    // Reading the numbering is a finance read.
    expect((await as(h, s.accountant).get(numberingUrl(s, s.bank.uuid))).statusCode).toBe(200);
    expect(await numberOf(s, payment.uuid)).toBeNull();
  });
});

describe('voiding a check', () => {
  it('marks the check void and cancels its payment, logged; its number stays used', async () => {
    const s = await payablesSetup(h);
    const before = await balanceOf(s, s.bank.aid);
    const payment = await payInvoice(s, 45_000);
    expect(await balanceOf(s, s.bank.aid)).toBe(before - 45_000);
    await printed(s, [payment.uuid]);

    const res = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/void-check`, {
      reason: 'Torn in the printer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: payment.uuid,
      status: 'cancelled',
      checkNumber: '1',
      checkVoided: { reason: 'Torn in the printer' },
    });
    expect(await balanceOf(s, s.bank.aid)).toBe(before);
    const voided = await eventsOf(s, 'checkVoided');
    expect(voided.map((l) => [l.metadata.paymentUuid, l.metadata.checkNumber, l.metadata.reason])).toEqual([
      [payment.uuid, '1', 'Torn in the printer'],
    ]);
    expect(await eventsOf(s, 'supplierPaymentCancelled')).toHaveLength(1);

    const again = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/void-check`, {
      reason: 'Twice',
    });
    expect(again.statusCode, again.body).toBe(400);
    expect(issueKeys(again)).toEqual([':payables.checks.alreadyVoided']);
    expect(denial(await print(s, [payment.uuid], true))).toEqual([
      { path: ['paymentUuids', 0], key: 'TransactionNotSupplierPaymentByCheck' },
    ]);

    // Its number is not given again, nor can the numbering go back to it.
    const next = await payInvoice(s, 1_000);
    await printed(s, [next.uuid]);
    expect(await numberOf(s, next.uuid)).toBe('2');
    const back = await as(h, s.admin).put(numberingUrl(s, s.bank.uuid), { nextCheckNumber: 1 });
    expect(issueKeys(back)).toEqual(['nextCheckNumber:payables.checks.numberBelowUsed']);
  });

  it('voids only a printed check', async () => {
    const s = await payablesSetup(h);
    const payment = await payInvoice(s, 1_000);
    const res = await as(h, s.admin).post(`${s.base}/supplier-payments/${payment.uuid}/void-check`, {
      reason: 'Never printed',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual([':payables.checks.notPrinted']);
    expect((await paymentRow(s, payment.uuid)).status).toBe('posted');
    expect(await eventsOf(s, 'checkVoided')).toEqual([]);
    const missing = await as(h, s.admin).post(`${s.base}/supplier-payments/${randomUUID()}/void-check`, {
      reason: 'Nothing',
    });
    expect(missing.statusCode).toBe(404);
  });
});
