import { randomUUID } from 'node:crypto';
import { hasKey } from '@copro/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  building,
  ledgerTransaction,
  padFile,
  padOrder,
  padSetting,
  subtransaction,
} from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { FixedClock } from '../../../platform/clock';
import {
  as,
  createHarness,
  createUser,
  databaseRefusal,
  grantBuildingRole,
  type Harness,
} from '../../../test/harness';
import { addPenalty, balanceOf, mailsTo, transactionCount } from '../../receivables/test-fixtures';
import { payablesSetup } from '../../payables/test-fixtures';
import { enterInvoice, pay, paymentBody } from '../../payables/payments/test-payments';
import type { OtonomContext } from '../context';
import { moveOrders } from '../orders/move-order';
import { startFakePartner, type FakePartner } from '../partner/fake-partner';
import { HttpPartner } from '../partner/http-partner';
import { fileUuidOf } from './send-file';
import { otonomSendJob, runOtonomSend } from './send-job';
import {
  cpa005Settings,
  eventsOf,
  filesOf,
  filesSetup,
  giveDetails,
  importReturnFile,
  orderOf,
  readyOrder,
  sendKind,
  type FilesSetup,
} from './test-files';

let h: Harness;
let fake: FakePartner;
const clock = new FixedClock('2026-03-10T15:00:00Z');

beforeAll(async () => {
  fake = await startFakePartner();
  h = await createHarness({ otonomUrl: fake.url, otonomApiKey: 'test-key' }, clock);
});
afterAll(async () => {
  await h.close();
  await fake.close();
});
beforeEach(() => {
  clock.set('2026-03-10T15:00:00Z');
  h.platform.config.otonomUrl = fake.url;
});

const unitOf = (s: FilesSetup, i = 0) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

/** Cancels the order through the status route, as a manager would. */
async function cancelOrder(s: FilesSetup, uuid: string) {
  const res = await as(h, s.admin).post(`${s.otonom}/orders/${uuid}/status`, { status: 'cancelled' });
  expect(res.statusCode, res.body).toBe(200);
}

const issueOf = (res: { json(): unknown }) =>
  (res.json() as { issues?: { key: string; params?: Record<string, string> }[] }).issues?.[0];

describe('sending the units’ file to the partner', () => {
  it('sends the ready debits, moves them to toProcess, stores and logs the file', async () => {
    const s = await filesSetup(h, clock);
    await giveDetails(s, 'units', unitOf(s).uuid);
    const sent = await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    // The second unit has no bank details: its debit stays ready, and the answer says so.
    const left = await readyOrder(s, { unitUuid: unitOf(s, 1).uuid, amount: 30_000, dueDate: '2026-03-15' });
    const before = fake.received().length;

    const res = await sendKind(s, 'units');
    expect(res.statusCode, res.body).toBe(200);
    const { file, skipped } = res.json();
    expect(file).toMatchObject({
      kind: 'units',
      format: 'otonom-legacy',
      creationNumber: null,
      count: 1,
      total: 45_000,
      delivery: 'sent',
      fileName: 'otonom-0-2026-03-10.csv',
    });
    expect(skipped).toEqual([
      {
        orderUuid: left.uuid,
        reference: left.reference,
        name: 'Hélène Côté',
        key: 'otonom.files.skipped.unitWithoutBankDetails',
        params: { name: 'Hélène Côté' },
      },
    ]);

    const received = fake.received().slice(before);
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got).toMatchObject({
      fileId: file.partnerFileId,
      otonomId: 'OT-CASTEL',
      clientId: 'CLIENT-42',
      apiVersion: 'legacy',
      type: 0,
      fileName: 'otonom-0-2026-03-10.csv',
      authorization: 'Bearer test-key',
      idempotencyKey: file.uuid,
      references: [sent.reference],
    });
    const lines = got?.content.split('\r\n') ?? [];
    expect(lines[0]).toBe(
      'reference_compte,prenom,nom,institution,transit,compte,montant,date_paiement,jeton_client,reference',
    );
    expect(lines[1]).toBe(
      `${unitOf(s).number},Hélène,Côté,815,30012,1234567,450.00,2026-03-15,CLIENT-42,${sent.reference}`,
    );

    const [stored] = await filesOf(s);
    expect(stored?.content).toBe(got?.content);
    expect(stored?.sentByName).toBe('admin');
    expect(await orderOf(s, sent.uuid)).toMatchObject({ status: 'toProcess', fileUuid: file.uuid });
    expect(await orderOf(s, left.uuid)).toMatchObject({ status: 'readyToSendToOtonom', fileUuid: null });
    const [log] = await eventsOf(s, 'otonomFileSent');
    expect(log?.metadata).toMatchObject({
      kind: 'units',
      format: 'otonom-legacy',
      count: 1,
      total: 45_000,
      fileUuid: file.uuid,
    });
    expect((await eventsOf(s, 'otonomStatusChanged')).map((e) => e.metadata.reference)).toEqual([
      sent.reference,
    ]);

    // The download is the file as sent; another building's user does not find it.
    const download = await as(h, s.admin).get(`${s.otonom}/files/${file.uuid}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toContain('otonom-0-2026-03-10.csv');
    expect(download.body).toBe(got?.content);
    const other = await filesSetup(h, clock);
    expect((await as(h, other.admin).get(`${other.otonom}/files/${file.uuid}`)).statusCode).toBe(404);

    // Nothing left that can go: said so, nothing sent.
    const again = await sendKind(s, 'units');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ file: null, skipped: [{ orderUuid: left.uuid }] });
    expect(fake.received().length).toBe(before + 1);
  });

  it('writes the v202406 version, and the suppliers’ file as type 1 with the company’s name', async () => {
    const s = await filesSetup(h, clock, { apiVersion: 'v202406' });
    await giveDetails(s, 'suppliers', s.supplier, {
      holderName: 'Déneigement Nord inc.',
      account: '99887766',
    });
    const credit = await readyOrder(s, { supplierUuid: s.supplier, amount: 12_345, dueDate: '2026-03-01' });
    const res = await sendKind(s, 'suppliers');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({
      kind: 'suppliers',
      format: 'otonom-v202406',
      count: 1,
      total: 12_345,
    });
    const got = fake.received().find((f) => f.idempotencyKey === res.json().file.uuid);
    expect(got).toMatchObject({ apiVersion: 'v202406', type: 1, references: [credit.reference] });
    const lines = got?.content.split('\r\n') ?? [];
    expect(lines[0]).toBe(
      'transactionType,accountReference,firstName,lastName,institutionNumber,transitNumber,accountNumber,amount,paymentDate,clientToken,reference',
    );
    // Due before today: the payment date is today (no payment in the past).
    expect(lines[1]).toBe(
      `1,${s.supplier},,Déneigement Nord inc.,815,30012,99887766,123.45,2026-03-10,CLIENT-42,${credit.reference}`,
    );
  });

  it('refuses when there is nothing to send', async () => {
    const s = await filesSetup(h, clock);
    const res = await sendKind(s, 'units');
    expect(res.statusCode).toBe(400);
    expect(issueOf(res)?.key).toBe('otonom.validation.nothingToSend');
  });
});

describe('when the partner cannot take the file', () => {
  async function oneReady() {
    const s = await filesSetup(h, clock);
    await giveDetails(s, 'units', unitOf(s).uuid);
    const order = await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    return { s, order };
  }
  const nothingMoved = async (s: FilesSetup, uuid: string) => {
    expect((await orderOf(s, uuid)).status).toBe('readyToSendToOtonom');
    expect(await filesOf(s)).toEqual([]);
    expect(await eventsOf(s, 'otonomFileSent')).toEqual([]);
    expect(await eventsOf(s, 'otonomStatusChanged')).toEqual([]);
  };

  it('without a partner configured: refuses, nothing pretends to be sent', async () => {
    const { s, order } = await oneReady();
    h.platform.config.otonomUrl = undefined;
    const settings = await as(h, s.admin).get(`${s.otonom}/settings`);
    expect(settings.json().partner).toBeNull();
    const res = await sendKind(s, 'units');
    expect(res.statusCode).toBe(400);
    expect(issueOf(res)?.key).toBe('otonom.validation.partnerNotConfigured');
    await nothingMoved(s, order.uuid);
    h.platform.config.otonomUrl = fake.url;
    expect((await as(h, s.admin).get(`${s.otonom}/settings`)).json().partner).toEqual({
      url: fake.url,
      fake: true,
    });
  });

  it('partner down: the network’s reason, nothing moves', async () => {
    const { s, order } = await oneReady();
    const gone = await startFakePartner();
    await gone.close();
    h.platform.config.otonomUrl = gone.url;
    const res = await sendKind(s, 'units');
    expect(res.statusCode).toBe(400);
    expect(issueOf(res)).toMatchObject({ key: 'otonom.validation.partnerFailed' });
    expect(issueOf(res)?.params?.reason).toMatch(/^unreachable/);
    await nothingMoved(s, order.uuid);
  });

  it('partner refuses: its message, nothing moves; sent again, the same key', async () => {
    const { s, order } = await oneReady();
    fake.refuseNextFile(422, 'Unknown client token');
    const res = await sendKind(s, 'units');
    expect(res.statusCode).toBe(400);
    expect(issueOf(res)?.params?.reason).toBe('Unknown client token (HTTP 422)');
    await nothingMoved(s, order.uuid);

    // The partner took a file whose commit then failed: the same orders go with the same key, and
    // the partner answers its first file instead of taking them twice.
    const expectedUuid = fileUuidOf(s.b.id, 'units', 'otonom-legacy', [await orderOf(s, order.uuid)]);
    const first = await new HttpPartner(fake.url, 'test-key').send({
      buildingOtonomId: 'OT-CASTEL',
      clientId: 'CLIENT-42',
      apiVersion: 'legacy',
      kind: 'units',
      fileName: 'lost.csv',
      content: 'reference\r\nX\r\n',
      idempotencyKey: expectedUuid,
    });
    const count = fake.received().length;
    const retry = await sendKind(s, 'units');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().file).toMatchObject({ uuid: expectedUuid, partnerFileId: first.partnerFileId });
    expect(fake.received().length).toBe(count);
  });
});

describe('supplier credits whose payment changed in payables', () => {
  /** A payables building sending through the partner, its supplier with bank details. */
  async function creditsSetup() {
    const s = await payablesSetup(h, {
      otonom: { id: 'OT-NORD', clientId: 'CLIENT-7', apiVersion: 'legacy' },
    });
    await h.platform.db
      .insert(padSetting)
      .values({ buildingId: s.b.id, channel: 'otonom', debitAmount: 'monthlyFee', bankUuid: s.bank.uuid });
    const details = await as(h, s.admin).put(
      `/api/buildings/${s.b.ref}/suppliers/${s.supplier.uuid}/bank-details`,
      { institution: '815', transit: '30012', account: '99887766', holderName: 'Déneigement Nord inc.' },
    );
    expect(details.statusCode, details.body).toBe(200);
    const otonom = `/api/buildings/${s.b.ref}/otonom`;
    /** A posted payment through the partner, and its credit order (made by the daily run). */
    const paidByPartner = async (amount: number) => {
      const invoice = await enterInvoice(s, amount);
      const payment = await pay(
        s,
        paymentBody(s, [{ invoiceUuid: invoice.uuid, amount }], { paymentMethod: 'otonom' }),
      );
      expect((await as(h, s.admin).post(`${otonom}/debit-run`, {})).statusCode).toBe(200);
      const [order] = await h.platform.db
        .select()
        .from(padOrder)
        .where(and(eq(padOrder.buildingId, s.b.id), eq(padOrder.supplierPaymentUuid, payment.uuid)));
      if (!order) throw new Error('no credit order');
      return { payment: payment.uuid as string, order };
    };
    const paymentStatus = async (uuid: string) =>
      (await as(h, s.admin).get(`${s.base}/supplier-payments/${uuid}`)).json().status as string;
    const creditOf = async (uuid: string) => {
      const [row] = await h.platform.db
        .select()
        .from(padOrder)
        .where(and(eq(padOrder.buildingId, s.b.id), eq(padOrder.uuid, uuid)));
      return row;
    };
    return { s, otonom, paidByPartner, paymentStatus, creditOf };
  }

  it('a payment cancelled after its order was made is cancelled there too, and not sent', async () => {
    const { s, otonom, paidByPartner, paymentStatus, creditOf } = await creditsSetup();
    const kept = await paidByPartner(25_000);
    const dropped = await paidByPartner(5_000);
    expect([kept.order.status, dropped.order.status]).toEqual(['readyToSendToOtonom', 'readyToSendToOtonom']);
    const cancel = await as(h, s.admin).post(`${s.base}/supplier-payments/${dropped.payment}/cancel`, {
      reason: 'Paid by check instead',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = fake.received().length;

    const res = await as(h, s.admin).post(`${otonom}/files`, { kind: 'suppliers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().file).toMatchObject({ kind: 'suppliers', count: 1, total: 25_000 });
    expect(res.json().skipped).toEqual([
      {
        orderUuid: dropped.order.uuid,
        reference: dropped.order.reference,
        name: 'Déneigement Nord',
        key: 'otonom.files.skipped.paymentCancelled',
        params: { name: 'Déneigement Nord' },
      },
    ]);
    expect(
      fake
        .received()
        .slice(before)
        .map((f) => f.references),
    ).toEqual([[kept.order.reference]]);
    const cancelled = await creditOf(dropped.order.uuid);
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.history.map((e) => e.status)).toEqual(['readyToSendToOtonom', 'cancelled']);
    expect(cancelled?.fileUuid).toBeNull();
    expect((await creditOf(kept.order.uuid))?.status).toBe('toProcess');
    // The payment stays cancelled as payables left it; the kept one is still posted.
    expect(await paymentStatus(dropped.payment)).toBe('cancelled');
    expect(await paymentStatus(kept.payment)).toBe('posted');
    // Nothing is left to send: the cancelled credit is not picked up again.
    const again = await as(h, s.admin).post(`${otonom}/files`, { kind: 'suppliers' });
    expect(issueOf(again)?.key).toBe('otonom.validation.nothingToSend');
  });

  it('a credit cancelled before it left cancels its supplier payment, so its invoice is unpaid again', async () => {
    const { s, otonom, paidByPartner, paymentStatus, creditOf } = await creditsSetup();
    const { payment, order } = await paidByPartner(12_000);
    const res = await as(h, s.admin).post(`${otonom}/orders/${order.uuid}/status`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await creditOf(order.uuid))?.status).toBe('cancelled');
    expect(await paymentStatus(payment)).toBe('cancelled');
    // The bank's balance is back to its opening: the money never left.
    const bank = await as(h, s.admin).get(`${s.base}/accounts/${s.bank.aid}/transactions`);
    expect(bank.json().balance).toBe(1_000_000);
  });
});

describe('a CPA-005 file for the building’s bank', () => {
  it('is created (not sent) with creation numbers 1, 2… that never repeat', async () => {
    const s = await filesSetup(h, clock, { channel: 'cpa005' });
    await giveDetails(s, 'units', unitOf(s).uuid);
    await giveDetails(s, 'units', unitOf(s, 1).uuid, { account: '1234567890123' });
    const first = await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    const tooLong = await readyOrder(s, {
      unitUuid: unitOf(s, 1).uuid,
      amount: 30_000,
      dueDate: '2026-03-15',
    });
    const received = fake.received().length;

    const res = await sendKind(s, 'units');
    expect(res.statusCode, res.body).toBe(200);
    const { file, skipped } = res.json();
    expect(file).toMatchObject({
      format: 'cpa005',
      creationNumber: 1,
      delivery: 'created',
      partnerFileId: null,
      count: 1,
      total: 45_000,
      fileName: 'cpa005-0001-2026-03-10.txt',
    });
    expect(skipped).toMatchObject([{ orderUuid: tooLong.uuid, key: 'otonom.validation.accountTooLong' }]);
    expect(fake.received().length).toBe(received);
    expect((await orderOf(s, first.uuid)).status).toBe('toProcess');
    const download = await as(h, s.admin).get(`${s.otonom}/files/${file.uuid}`);
    expect(download.headers['content-type']).toBe('text/plain; charset=us-ascii');
    const records = download.body.split('\r\n');
    expect(records.pop()).toBe('');
    expect(records.map((r) => r.length)).toEqual([1464, 1464, 1464]);
    expect(records[0]?.slice(20, 24)).toBe('0001');

    // A send that fails after taking a number gives it back with everything else.
    await cancelOrder(s, tooLong.uuid);
    const broken = await readyOrder(s, {
      unitUuid: unitOf(s).uuid,
      amount: 100,
      dueDate: '2026-03-20',
      reference: 'D-REFERENCE-TOO-LONG-FOR-CPA',
    });
    expect((await sendKind(s, 'units')).statusCode).toBe(500);
    expect(await filesOf(s)).toHaveLength(1);
    await cancelOrder(s, broken.uuid);

    await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-04-15' });
    const second = await sendKind(s, 'units');
    expect(second.json().file).toMatchObject({ creationNumber: 2, fileName: 'cpa005-0002-2026-03-10.txt' });
    const [, secondRow] = await filesOf(s);
    expect(secondRow?.content.slice(20, 24)).toBe('0002');

    // Even with the counter set back, the database refuses a number a second time.
    await h.platform.db
      .update(padSetting)
      .set({ nextFileNumber: 1 })
      .where(eq(padSetting.buildingId, s.b.id));
    await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-05-15' });
    expect((await sendKind(s, 'units')).statusCode).toBe(500);
    expect((await filesOf(s)).map((f) => f.creationNumber)).toEqual([1, 2]);
    const [firstRow] = await filesOf(s);
    expect(
      await databaseRefusal(
        h.platform.db
          .insert(padFile)
          .values({ ...(firstRow as typeof padFile.$inferSelect), uuid: randomUUID() }),
      ),
    ).toMatch(/pad_files_creation_number_idx|duplicate key/);
  });
});

describe('the partner’s statuses', () => {
  async function sentDebit(s: FilesSetup, unitIndex = 0, amount = 45_000) {
    const unit = unitOf(s, unitIndex);
    await giveDetails(s, 'units', unit.uuid);
    const order = await readyOrder(s, { unitUuid: unit.uuid, amount, dueDate: '2026-03-15' });
    const res = await sendKind(s, 'units');
    expect(res.statusCode, res.body).toBe(200);
    return order;
  }

  it('advance to withdrawalDone, which posts the unit’s payment, then to completed', async () => {
    const s = await filesSetup(h, clock);
    const order = await sentDebit(s);
    const unit = unitOf(s);
    expect(await balanceOf(s, unit.aid)).toBe(0);

    const res = await as(h, s.admin).post(`${s.otonom}/statuses/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, unchanged: 0, refused: [] });
    const moved = await orderOf(s, order.uuid);
    expect(moved.status).toBe('withdrawalDone');
    expect(moved.transactionUuid).not.toBeNull();
    expect(await balanceOf(s, unit.aid)).toBe(-45_000);
    expect(await balanceOf(s, s.bank.aid)).toBe(45_000);

    expect((await as(h, s.admin).post(`${s.otonom}/statuses/refresh`)).json()).toMatchObject({ updated: 1 });
    expect((await orderOf(s, order.uuid)).status).toBe('completed');
    expect(await balanceOf(s, unit.aid)).toBe(-45_000);
    // Completed: no longer asked.
    expect((await as(h, s.admin).post(`${s.otonom}/statuses/refresh`)).json()).toEqual({
      updated: 0,
      unchanged: 0,
      refused: [],
    });
  });

  it('an NSF from the partner: through withdrawalDone to processedNSF, reversed, fee charged, owner mailed', async () => {
    const s = await filesSetup(h, clock);
    await addPenalty(s, { kind: 'defaultCheckReversalFee', amount: 2_500 });
    const order = await sentDebit(s);
    const odd = await sentDebit(s, 1, 30_000);
    fake.setStatus(order.reference, 'processedNSF', '901', '2026-03-18');
    fake.setStatus(odd.reference, 'lostInTheMail');

    const res = await as(h, s.admin).post(`${s.otonom}/statuses/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: 1,
      unchanged: 0,
      refused: [
        {
          reference: odd.reference,
          key: 'otonom.files.refresh.unknownStatus',
          params: { status: 'lostInTheMail' },
        },
      ],
    });
    const returned = await orderOf(s, order.uuid);
    expect(returned).toMatchObject({ status: 'processedNSF', returnCode: '901' });
    expect(returned.history.map((e) => e.status)).toEqual([
      'readyToSendToOtonom',
      'toProcess',
      'withdrawalDone',
      'processedNSF',
    ]);
    expect(returned.transactionUuid).not.toBeNull();
    expect(returned.reversalUuid).not.toBeNull();
    expect(returned.feeUuid).not.toBeNull();
    // Collected, returned, and the fee: the unit owes the fee.
    expect(await balanceOf(s, unitOf(s).aid)).toBe(2_500);
    expect(await balanceOf(s, s.bank.aid)).toBe(0);
    expect((await mailsTo(h, unitOf(s).ownerEmail)).length).toBeGreaterThan(0);
    expect((await orderOf(s, odd.uuid)).status).toBe('toProcess');
  });

  it('without a partner configured and orders with it: refuses', async () => {
    const s = await filesSetup(h, clock);
    await sentDebit(s);
    h.platform.config.otonomUrl = undefined;
    const res = await as(h, s.admin).post(`${s.otonom}/statuses/refresh`);
    expect(res.statusCode).toBe(400);
    expect(issueOf(res)?.key).toBe('otonom.validation.partnerNotConfigured');
  });

  it('the daily job sends what the building sends automatically, then refreshes', async () => {
    const auto = await filesSetup(h, clock, { automaticallySend: { units: true, suppliers: false } });
    const manual = await filesSetup(h, clock, { automaticallySend: { units: false, suppliers: false } });
    for (const s of [auto, manual]) {
      await giveDetails(s, 'units', unitOf(s).uuid);
      await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    }
    expect(await runOtonomSend(h.platform, auto.b.id)).toEqual({ units: 1, statusesUpdated: 1 });
    expect(await runOtonomSend(h.platform, manual.b.id)).toEqual({ statusesUpdated: 0 });
    const [autoFile] = await filesOf(auto);
    expect(autoFile).toMatchObject({ sentByName: 'Copro', delivery: 'sent' });
    expect(await filesOf(manual)).toEqual([]);
    const [order] = await h.platform.db.select().from(padOrder).where(eq(padOrder.buildingId, auto.b.id));
    expect(order?.status).toBe('withdrawalDone');
    expect(fake.received().some((f) => f.idempotencyKey === autoFile?.uuid)).toBe(true);
  });

  it('is named in both languages for the failure alert', () => {
    expect([
      hasKey('en', `jobs.names.${otonomSendJob}`),
      hasKey('fr', `jobs.names.${otonomSendJob}`),
    ]).toEqual([true, true]);
  });
});

describe('a return file', () => {
  it('moves the orders it names, checks amounts, and changes nothing the second time', async () => {
    const s = await filesSetup(h, clock);
    await giveDetails(s, 'units', unitOf(s).uuid);
    await giveDetails(s, 'units', unitOf(s, 1).uuid);
    const nsf = await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    const other = await readyOrder(s, { unitUuid: unitOf(s, 1).uuid, amount: 30_000, dueDate: '2026-03-15' });
    expect((await sendKind(s, 'units')).statusCode).toBe(200);
    const text = [
      'Cross reference,Amount,Return code,Date',
      `${nsf.reference},450.00,901 - NSF,2026-03-20`,
      `${other.reference},299.99,905,2026-03-20`,
      'DZZZZZZZZZ,10.00,901,2026-03-20',
      `${other.reference},300.00,999,2026-03-20`,
    ].join('\r\n');

    const res = await importReturnFile(s, text);
    expect(res.statusCode, res.body).toBe(200);
    const refused = [
      { line: 3, reference: other.reference, key: 'otonom.validation.amountMismatch' },
      { line: 4, reference: 'DZZZZZZZZZ', key: 'otonom.validation.unknownReference' },
      { line: 5, reference: other.reference, key: 'otonom.validation.unknownReturnCode' },
    ];
    expect(res.json()).toEqual({ updated: 1, unchanged: 0, refused });
    const returned = await orderOf(s, nsf.uuid);
    expect(returned).toMatchObject({ status: 'processedNSF', returnCode: '901' });
    expect(returned.reversalUuid).not.toBeNull();
    expect(await balanceOf(s, unitOf(s).aid)).toBe(0);
    expect((await orderOf(s, other.uuid)).status).toBe('toProcess');
    const transactions = await transactionCount(s);

    const again = await importReturnFile(s, text);
    expect(again.json()).toEqual({ updated: 0, unchanged: 1, refused });
    expect(await transactionCount(s)).toBe(transactions);
    const logs = await eventsOf(s, 'otonomReturnsImported');
    expect(logs.map((l) => [l.metadata.updated, l.metadata.unchanged])).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it('refuses a file that is no return file', async () => {
    const s = await filesSetup(h, clock);
    const res = await importReturnFile(s, 'hello,world\r\n1,2\r\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: 0,
      unchanged: 0,
      refused: [{ line: 1, reference: '', key: 'otonom.validation.unreadableReturnFile' }],
    });
  });
});

describe('the overview', () => {
  it('counts what the next files hold and lists the files of the last 30 days by the clock', async () => {
    const s = await filesSetup(h, clock);
    await giveDetails(s, 'units', unitOf(s).uuid);
    await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    expect((await sendKind(s, 'units')).statusCode).toBe(200);
    clock.set('2026-04-05T15:00:00Z');
    await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 40_000, dueDate: '2026-04-15' });
    expect((await sendKind(s, 'units')).statusCode).toBe(200);
    await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 10_000, dueDate: '2026-04-20' });
    await readyOrder(s, { unitUuid: unitOf(s, 1).uuid, amount: 20_000, dueDate: '2026-04-20' });
    await readyOrder(s, { supplierUuid: s.supplier, amount: 5_000, dueDate: '2026-04-20' });
    await readyOrder(s, {
      unitUuid: unitOf(s, 1).uuid,
      amount: 7_000,
      dueDate: '2026-04-25',
      status: 'waitingApproval',
    });

    clock.set('2026-04-12T15:00:00Z');
    const res = await as(h, s.admin).get(`${s.otonom}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json();
    expect(overview.toSend).toEqual([
      { kind: 'units', count: 2, total: 30_000 },
      { kind: 'suppliers', count: 1, total: 5_000 },
    ]);
    expect(overview.waitingApproval).toEqual({ count: 1, total: 7_000 });
    // The file of March 10 is 33 days old on April 12.
    expect(overview.files.map((f: { total: number; createdAt: string }) => [f.total, f.createdAt])).toEqual([
      [40_000, '2026-04-05T15:00:00.000Z'],
    ]);
    expect(overview.statusCounts).toEqual([
      { status: 'waitingApproval', count: 1 },
      { status: 'readyToSendToOtonom', count: 3 },
      { status: 'toProcess', count: 2 },
    ]);
  });
});

describe('settings', () => {
  it('are read and saved, the bank checked, the change logged', async () => {
    const s = await filesSetup(h, clock);
    await h.platform.db.delete(padSetting).where(eq(padSetting.buildingId, s.b.id));
    const url = `${s.otonom}/settings`;
    expect((await as(h, s.admin).get(url)).json()).toEqual({
      settings: null,
      nextFileNumber: 1,
      partner: { url: fake.url, fake: true },
    });
    const unknownBank = await as(h, s.admin).put(url, {
      channel: 'otonom',
      debitAmount: 'monthlyFee',
      bankUuid: randomUUID(),
    });
    expect(unknownBank.statusCode).toBe(400);
    expect(issueOf(unknownBank)?.key).toBe('otonom.validation.noBank');
    const noCpa = await as(h, s.admin).put(url, { channel: 'cpa005', debitAmount: 'monthlyFee' });
    expect(noCpa.statusCode).toBe(400);

    const saved = await as(h, s.admin).put(url, {
      channel: 'otonom',
      debitAmount: 'balance',
      bankUuid: s.bank.uuid,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toEqual({
      channel: 'otonom',
      debitAmount: 'balance',
      bankUuid: s.bank.uuid,
    });
    const cpa = await as(h, s.admin).put(url, {
      channel: 'cpa005',
      debitAmount: 'balance',
      bankUuid: s.bank.uuid,
      cpa005: cpa005Settings,
    });
    expect(cpa.json().settings).toMatchObject({ channel: 'cpa005', cpa005: cpa005Settings });
    const logs = await eventsOf(s, 'otonomSettingsEdited');
    expect(logs.map((l) => (l.changes ?? []).map((c) => c.field))).toEqual([
      ['channel', 'debitAmount', 'bankUuid'],
      ['channel', 'cpa005'],
    ]);
    expect(logs[1]?.changes?.[0]).toEqual({ field: 'channel', before: 'otonom', after: 'cpa005' });
    // The same again changes nothing and logs nothing.
    await as(h, s.admin).put(url, {
      channel: 'cpa005',
      debitAmount: 'balance',
      bankUuid: s.bank.uuid,
      cpa005: cpa005Settings,
    });
    expect(await eventsOf(s, 'otonomSettingsEdited')).toHaveLength(2);
  });
});

describe('who may', () => {
  it('finance readers read (the accountant too) but the files, which hold full accounts; owners, residents, handlers nothing', async () => {
    const s = await filesSetup(h, clock);
    await giveDetails(s, 'units', unitOf(s).uuid);
    await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 45_000, dueDate: '2026-03-15' });
    const fileUuid = (await sendKind(s, 'units')).json().file.uuid as string;
    const calls = {
      overview: (u: Parameters<typeof as>[1]) => as(h, u).get(`${s.otonom}/overview`),
      settings: (u: Parameters<typeof as>[1]) => as(h, u).get(`${s.otonom}/settings`),
      download: (u: Parameters<typeof as>[1]) => as(h, u).get(`${s.otonom}/files/${fileUuid}`),
      saveSettings: (u: Parameters<typeof as>[1]) =>
        as(h, u).put(`${s.otonom}/settings`, {
          channel: 'otonom',
          debitAmount: 'monthlyFee',
          bankUuid: s.bank.uuid,
        }),
      send: (u: Parameters<typeof as>[1]) => as(h, u).post(`${s.otonom}/files`, { kind: 'units' }),
      refresh: (u: Parameters<typeof as>[1]) => as(h, u).post(`${s.otonom}/statuses/refresh`),
      returns: (u: Parameters<typeof as>[1]) =>
        importReturnFile(s, 'reference,status\r\nDX,completed\r\n', u),
    };
    const reads = ['overview', 'settings'] as const;
    for (const role of ['owner', 'resident', 'handler', 'accountant'] as const) {
      const u = await createUser(h, role);
      await grantBuildingRole(h, s.b, u, role);
      for (const [name, call] of Object.entries(calls)) {
        const res = await call(u);
        const allowed = role === 'accountant' && (reads as readonly string[]).includes(name);
        expect([name, role, res.statusCode]).toEqual([name, role, allowed ? 200 : 403]);
      }
    }
  });
});

describe('many orders at once (moveOrders)', () => {
  const system = { kind: 'system', id: 'backend' } as const;
  const contextOf = async (s: FilesSetup): Promise<OtonomContext> => {
    const [row] = await h.platform.db.select().from(building).where(eq(building.id, s.b.id));
    if (!row) throw new Error('no building');
    return {
      source: system,
      sourceName: 'Copro',
      building: row,
      mailer: h.platform.mailer,
      now: clock.now(),
    };
  };
  const transactionOf = async (s: FilesSetup, uuid: string | null) => {
    const [row] = await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.uuid, uuid ?? '')));
    if (!row) throw new Error(`no transaction ${uuid}`);
    return row;
  };
  /** A payment as its order posts it, with what names the order, the unit and the bank taken out. */
  const paymentShape = async (s: FilesSetup, order: typeof padOrder.$inferSelect, unitAid: number) => {
    const moved = await orderOf(s, order.uuid);
    const t = await transactionOf(s, moved.transactionUuid);
    const lines = await h.platform.db
      .select()
      .from(subtransaction)
      .where(and(eq(subtransaction.buildingId, s.b.id), eq(subtransaction.transactionUuid, t.uuid)));
    const named = (text: string) =>
      text
        .replaceAll(order.uuid, '<order>')
        .replaceAll(order.reference, '<ref>')
        .replaceAll(order.unitUuid ?? '<none>', '<unit>')
        .replaceAll(`aid:${unitAid}`, 'aid:<unit>')
        .replaceAll(`aid:${s.bank.aid}`, 'aid:<bank>');
    return {
      fiscalYear: t.fiscalYear,
      date: t.date === order.dueDate,
      kind: t.kind,
      paymentMethod: t.paymentMethod,
      description: named(t.description.replace(/unit \S+/, 'unit <n>')),
      indexes: t.indexes.map(named),
      details: JSON.parse(named(JSON.stringify(t.details))) as unknown,
      meaning: JSON.parse(named(JSON.stringify({ ...(t.meaning as object), unit: '<n>' }))) as unknown,
      lines: lines
        .sort((a, b) => a.line - b.line)
        .map((l) => [
          l.aid === s.bank.aid ? 'bank' : l.aid === unitAid ? 'unit' : l.aid,
          l.amount / order.amount,
        ]),
    };
  };
  const statusLogOf = async (s: FilesSetup, order: typeof padOrder.$inferSelect) => {
    const entries = (await eventsOf(s, 'otonomStatusChanged')).filter(
      (e) => (e.metadata as { uuid?: string }).uuid === order.uuid,
    );
    return entries.map((e) => ({
      message: e.message,
      metadata: e.metadata,
      changes: e.changes,
      indexes: e.indexes,
    }));
  };

  it('posts the partner’s answers together as each alone would; an order of a due date in no year is refused alone', async () => {
    const s = await filesSetup(h, clock);
    for (const unit of s.units) await giveDetails(s, 'units', unit.uuid);
    // Paid by hand: the one door, one order at a time, is what the batch must be identical to.
    const byHand = await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 12_300, dueDate: '2026-03-15' });
    const paid = await as(h, s.admin).post(`${s.otonom}/orders/${byHand.uuid}/status`, { status: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);

    const good = [];
    for (let i = 0; i < 9; i += 1)
      good.push(
        await readyOrder(s, {
          unitUuid: unitOf(s, i % 2).uuid,
          amount: 10_000 + i * 100,
          dueDate: '2026-03-15',
        }),
      );
    const outOfYears = await readyOrder(s, {
      unitUuid: unitOf(s, 1).uuid,
      amount: 77_700,
      dueDate: '2027-02-15',
    });
    const sent = await sendKind(s, 'units');
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { file: { count: number } }).file.count).toBe(10);

    const res = await as(h, s.admin).post(`${s.otonom}/statuses/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: 9,
      unchanged: 0,
      refused: [
        {
          reference: outOfYears.reference,
          key: 'otonom.validation.noFiscalYear',
          params: { date: '2027-02-15' },
        },
      ],
    });
    for (const order of good) {
      const moved = await orderOf(s, order.uuid);
      expect(moved.status).toBe('withdrawalDone');
      expect(moved.history.map((e) => e.status)).toEqual([
        'readyToSendToOtonom',
        'toProcess',
        'withdrawalDone',
      ]);
      expect(moved.history[2]).toMatchObject({
        source: { kind: 'user', id: s.admin.id },
        returnCode: null,
        date: '2026-03-10',
      });
    }
    const refused = await orderOf(s, outOfYears.uuid);
    expect(refused).toMatchObject({ status: 'toProcess', transactionUuid: null });
    expect(refused.history).toHaveLength(2);
    const collected = good.reduce((sum, o) => sum + o.amount, 0);
    expect(await balanceOf(s, s.bank.aid)).toBe(collected + 12_300);
    expect((await balanceOf(s, unitOf(s).aid)) + (await balanceOf(s, unitOf(s, 1).aid))).toBe(
      -(collected + 12_300),
    );

    // Each payment of the batch is the one the order would have posted alone.
    const alone = await paymentShape(s, byHand, unitOf(s).aid);
    expect(alone).toMatchObject({ kind: 'unitPayment', paymentMethod: 'otonom', date: true });
    for (const [i, order] of good.entries())
      expect(await paymentShape(s, order, unitOf(s, i % 2).aid)).toEqual(alone);
    // And so is each log entry, but for the status it went to.
    const collectOf = async (order: typeof byHand) =>
      (await statusLogOf(s, order)).find((l) => (l.metadata as { effect?: string }).effect === 'collect');
    const aloneLog = await collectOf(byHand);
    const batchLog = await collectOf(good[0] ?? byHand);
    const shape = (log: typeof aloneLog, order: typeof byHand) =>
      JSON.parse(
        JSON.stringify(log)
          .replaceAll(order.reference, '<ref>')
          .replaceAll(order.uuid, '<order>')
          .replaceAll(String(order.unitUuid), '<unit>')
          .replace(/"transactionUuid":"[^"]+"/, '"transactionUuid":"<t>"')
          .replace(/"amount":\d+/, '"amount":0')
          .replace(/: \w+ → \w+"/, ': <from> → <to>"')
          .replaceAll(/"(before|after)":"\w+"/g, '"$1":"<s>"'),
      ) as unknown;
    expect(shape(batchLog, good[0] ?? byHand)).toEqual(shape(aloneLog, byHand));
  });

  it('refuses before writing anything when one order may not go there, then moves the others together', async () => {
    const s = await filesSetup(h, clock);
    const ctx = await contextOf(s);
    const ready = [
      await readyOrder(s, { unitUuid: unitOf(s).uuid, amount: 20_000, dueDate: '2026-03-15' }),
      await readyOrder(s, { unitUuid: unitOf(s, 1).uuid, amount: 30_000, dueDate: '2026-04-15' }),
    ];
    const waiting = await readyOrder(s, {
      unitUuid: unitOf(s).uuid,
      amount: 40_000,
      dueDate: '2026-03-15',
      status: 'waitingApproval',
    });
    const before = await transactionCount(s);
    const refusal = await h.platform.db
      .transaction((tx) => moveOrders(tx, ctx, [ready[0] ?? waiting, waiting, ready[1] ?? waiting], 'paid'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).issues?.[0]).toMatchObject({
      key: 'otonom.validation.transitionRefused',
      params: { from: 'waitingApproval', to: 'paid' },
    });
    expect(await transactionCount(s)).toBe(before);
    expect(await eventsOf(s, 'otonomStatusChanged')).toEqual([]);

    const moved = await h.platform.db.transaction((tx) =>
      moveOrders(tx, ctx, ready, 'paid', { note: 'settled' }),
    );
    expect(moved.map((o) => [o.uuid, o.status])).toEqual(ready.map((o) => [o.uuid, 'paid']));
    expect(moved.every((o) => o.transactionUuid !== null && o.history.length === 2)).toBe(true);
    expect(await transactionCount(s)).toBe(before + 2);
    expect(await balanceOf(s, s.bank.aid)).toBe(50_000);
    const logs = await eventsOf(s, 'otonomStatusChanged');
    expect(logs.map((l) => (l.metadata as { note?: string; effect?: string }).note)).toEqual([
      'settled',
      'settled',
    ]);
  });
});
