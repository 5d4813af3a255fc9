import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StatementView } from '@copro/domain';
import { ledgerTransaction, recordedCheck } from '../../db/schema/index';
import { as, createHarness, type Harness } from '../../test/harness';
import { createDirectly, issueKeys, personBody } from '../../test/registry-fixtures';
import { pdfText } from '../../test/report-files';
import {
  addPenalty,
  balanceOf,
  eventsOf,
  mailsTo,
  moneyInSetup,
  transactionCount,
  type MoneyInSetup,
} from './test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const unitOf = (s: MoneyInSetup, i = 0) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

async function recordCheck(s: MoneyInSetup, unitUuid: string, number: string, amount = 25_000) {
  const res = await as(h, s.admin).post(`${s.base}/checks`, { unitUuid, number, amount, date: '2026-03-01' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uuid as string;
}

async function deposit(s: MoneyInSetup, extra: Record<string, unknown>, date = '2026-03-02') {
  const res = await as(h, s.admin).post(`${s.base}/deposits`, {
    description: 'March deposit',
    date,
    bankUuid: s.bank.uuid,
    checkUuids: [],
    newChecks: [],
    cash: [],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { uuid: string; number: string; transactionUuid: string; cancelled: boolean };
}

/** The ledger's generic cancel, as the transaction's page calls it. */
const cancel = (s: MoneyInSetup, uuid: string, reason = 'Entered by mistake') =>
  as(h, s.admin).post(`${s.base}/transactions/${uuid}/cancel`, { reason });

const returnCheck = (
  s: MoneyInSetup,
  unitUuid: string,
  checkUuid: string,
  extra: Record<string, unknown> = {},
) =>
  as(h, s.admin).post(`${s.base}/returned-checks`, {
    bankUuid: s.bank.uuid,
    unitUuid,
    amount: 25_000,
    checkNumber: '501',
    date: '2026-03-20',
    checkUuid,
    chargeFee: false,
    emailOwner: false,
    ...extra,
  });

async function checkWhere(s: MoneyInSetup, column: 'uuid' | 'number', value: string) {
  const [row] = await h.platform.db
    .select()
    .from(recordedCheck)
    .where(and(eq(recordedCheck.buildingId, s.b.id), eq(recordedCheck[column], value)));
  if (!row) throw new Error(`no check ${value}`);
  return row;
}
const checkRow = (s: MoneyInSetup, uuid: string) => checkWhere(s, 'uuid', uuid);
/** A check a deposit brought, found by its number. */
const checkNumbered = (s: MoneyInSetup, number: string) => checkWhere(s, 'number', number);

async function statusOf(s: MoneyInSetup, uuid: string) {
  const res = await as(h, s.admin).get(`${s.base}/transactions/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().status as string;
}

describe('cancelling a deposit (DOMAIN 4)', () => {
  it('goes through the deposit: its checks are recorded again and go into another deposit', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const recorded = await recordCheck(s, a.uuid, '501');
    const first = await deposit(s, {
      checkUuids: [recorded],
      newChecks: [{ unitUuid: a.uuid, number: '502', amount: 1_000, date: '2026-03-01' }],
    });
    expect(first.cancelled).toBe(false);
    const cancelled = await cancel(s, first.transactionUuid);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelled: { reason: 'Entered by mistake' },
    });
    expect(await balanceOf(s, s.bank.aid)).toBe(0);
    expect(await balanceOf(s, a.aid)).toBe(0);
    const checks = (await as(h, s.admin).get(`${s.base}/checks`)).json() as {
      number: string;
      status: string;
      depositNumber: string | null;
    }[];
    expect(checks.map((c) => [c.number, c.status, c.depositNumber])).toEqual([
      ['501', 'recorded', null],
      ['502', 'recorded', null],
    ]);
    // The deposit stays listed, as cancelled.
    const listed = (await as(h, s.admin).get(`${s.base}/deposits`)).json() as {
      uuid: string;
      cancelled: boolean;
    }[];
    expect(listed.map((d) => [d.uuid, d.cancelled])).toEqual([[first.uuid, true]]);
    expect((await eventsOf(s, 'transactionCanceled')).map((l) => l.metadata.uuid)).toEqual([
      first.transactionUuid,
    ]);

    const brought = (await checkNumbered(s, '502')).uuid;
    const again = await deposit(s, { checkUuids: [recorded, brought] }, '2026-03-05');
    expect(again.number).toBe('2');
    expect(await balanceOf(s, s.bank.aid)).toBe(26_000);
    expect(await balanceOf(s, a.aid)).toBe(-26_000);
    expect(await checkRow(s, recorded)).toMatchObject({ status: 'deposited', depositUuid: again.uuid });
    // A cancelled transaction is cancelled once.
    const twice = await cancel(s, first.transactionUuid);
    expect(issueKeys(twice)).toEqual([':validation.transactionNotEditable']);
  });

  it('refuses to return a check of a cancelled deposit, and writes nothing', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const check = await recordCheck(s, a.uuid, '501');
    const placed = await deposit(s, { checkUuids: [check] });
    expect((await cancel(s, placed.transactionUuid)).statusCode).toBe(200);
    const before = await transactionCount(s);
    const res = await returnCheck(s, a.uuid, check);
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['checkUuid:receivables.validation.checkNotDeposited']);
    // A check left "deposited" by a deposit cancelled before deposits restored their checks.
    await h.platform.db
      .update(recordedCheck)
      .set({ status: 'deposited', depositUuid: placed.uuid })
      .where(and(eq(recordedCheck.buildingId, s.b.id), eq(recordedCheck.uuid, check)));
    const legacy = await returnCheck(s, a.uuid, check);
    expect(issueKeys(legacy)).toEqual(['checkUuid:receivables.validation.depositCancelled']);
    expect(await transactionCount(s)).toBe(before);
    expect(await balanceOf(s, a.aid)).toBe(0);
    expect(await eventsOf(s, 'unitPaymentReversed')).toEqual([]);
  });

  it('refuses while one of its checks stands returned, and cancelling the return makes it returnable again', async () => {
    const s = await moneyInSetup(h);
    await addPenalty(s, { kind: 'defaultCheckReversalFee', amount: 4_500 });
    const a = unitOf(s);
    const check = await recordCheck(s, a.uuid, '501');
    const placed = await deposit(s, { checkUuids: [check] });
    const returned = await returnCheck(s, a.uuid, check, { chargeFee: true });
    expect(returned.statusCode, returned.body).toBe(201);
    const { reversal, fee } = returned.json() as { reversal: { uuid: string }; fee: { uuid: string } };
    expect(await balanceOf(s, a.aid)).toBe(4_500);

    const refused = await cancel(s, placed.transactionUuid);
    expect(refused.statusCode).toBe(400);
    expect(issueKeys(refused)).toEqual([':receivables.validation.depositCheckReturned']);
    expect(refused.json().issues[0].params).toEqual({ number: '501' });
    expect(await statusOf(s, placed.transactionUuid)).toBe('normal');
    expect(await checkRow(s, check)).toMatchObject({
      status: 'returned',
      returnTransactionUuid: reversal.uuid,
    });

    // Cancelling the return cancels the fee charged with it; the check is deposited again.
    const undone = await cancel(s, reversal.uuid, 'The bank paid it after all');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await statusOf(s, fee.uuid)).toBe('cancelled');
    expect(await balanceOf(s, a.aid)).toBe(-25_000);
    expect(await balanceOf(s, s.bank.aid)).toBe(25_000);
    expect(await checkRow(s, check)).toMatchObject({
      status: 'deposited',
      depositUuid: placed.uuid,
      returnTransactionUuid: null,
    });
    const reread = (await as(h, s.admin).get(`${s.base}/deposits/${placed.uuid}`)).json();
    expect(reread.items[0].returned).toBe(false);
    const again = await returnCheck(s, a.uuid, check, { date: '2026-03-25' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await balanceOf(s, a.aid)).toBe(0);

    // Once that return is cancelled too, the deposit can be.
    expect((await cancel(s, again.json().reversal.uuid)).statusCode).toBe(200);
    expect((await cancel(s, placed.transactionUuid)).statusCode).toBe(200);
    expect(await checkRow(s, check)).toMatchObject({ status: 'recorded', depositUuid: null });
    expect(await balanceOf(s, s.bank.aid)).toBe(0);
  });
});

describe('cancelling wire transfers and their returns', () => {
  it('refuses to return a cancelled transfer, to cancel a returned one, and undoes a return', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const transfer = async (date: string) => {
      const res = await as(h, s.admin).post(`${s.base}/wire-transfers`, {
        unitUuid: a.uuid,
        bankUuid: s.bank.uuid,
        amount: 60_000,
        date,
        reference: '',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().uuid as string;
    };
    const returnTransfer = (transactionUuid: string) =>
      as(h, s.admin).post(`${s.base}/returned-electronic-payments`, {
        bankUuid: s.bank.uuid,
        unitUuid: a.uuid,
        amount: 60_000,
        date: '2026-02-10',
        transactionUuid,
        emailOwner: false,
      });

    const cancelled = await transfer('2026-02-03');
    expect((await cancel(s, cancelled)).statusCode).toBe(200);
    const before = await transactionCount(s);
    const refused = await returnTransfer(cancelled);
    expect(refused.statusCode).toBe(400);
    expect(issueKeys(refused)).toEqual(['transactionUuid:receivables.validation.paymentCancelled']);
    expect(await transactionCount(s)).toBe(before);

    const standing = await transfer('2026-02-04');
    const returned = await returnTransfer(standing);
    expect(returned.statusCode, returned.body).toBe(201);
    const blocked = await cancel(s, standing);
    expect(issueKeys(blocked)).toEqual([':receivables.validation.paymentReturned']);
    expect(await statusOf(s, standing)).toBe('normal');

    expect((await cancel(s, returned.json().uuid)).statusCode).toBe(200);
    const list = (await as(h, s.admin).get(`${s.base}/wire-transfers`)).json() as { returned: boolean }[];
    expect(list.map((t) => t.returned)).toEqual([false]);
    expect(await balanceOf(s, a.aid)).toBe(-60_000);
    expect((await returnTransfer(standing)).statusCode).toBe(201);
  });
});

describe('a sale’s balance transfer', () => {
  it('is the sale’s: the ledger’s cancel refuses it', async () => {
    const s = await moneyInSetup(h);
    const a = unitOf(s);
    const charged = await as(h, s.admin).post(`${s.base}/unit-charges`, {
      unitUuid: a.uuid,
      kind: 'unitInvoice',
      date: '2026-02-01',
      amount: 10_000,
      categoryUuid: s.revenue.uuid,
      description: 'Key',
    });
    expect(charged.statusCode, charged.body).toBe(201);
    const buyer = await createDirectly(h, s.b, 'people', personBody('Buyer'));
    const sold = await as(h, s.admin).post(`${s.base}/units/${a.uuid}/sale`, {
      date: '2026-04-01',
      newOwners: [buyer],
      balance: 'carry',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [carried] = await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(
        and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.kind, 'unitBalanceTransfer')),
      );
    if (!carried) throw new Error('no balance transfer');
    const res = await cancel(s, carried.uuid);
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual([':sales.errors.balanceTransferOfSale']);
    expect(await statusOf(s, carried.uuid)).toBe('normal');
  });
});

describe('payments on the owner’s statement (DOMAIN 4)', () => {
  it('reads as what they are, in the reader’s language, not as the deposit’s description', async () => {
    const s = await moneyInSetup(h, { name: 'Le Castel' });
    // The second unit's owner reads French.
    const unit = unitOf(s, 1);
    const check = await recordCheck(s, unit.uuid, '501');
    await deposit(s, { checkUuids: [check] });
    await deposit(
      s,
      {
        description: 'Second deposit',
        newChecks: [{ unitUuid: unit.uuid, number: '502', amount: 1_000, date: '2026-03-01' }],
        cash: [{ unitUuid: unit.uuid, amount: 500 }],
      },
      '2026-03-03',
    );
    const wire = await as(h, s.admin).post(`${s.base}/wire-transfers`, {
      unitUuid: unit.uuid,
      bankUuid: s.bank.uuid,
      amount: 2_000,
      date: '2026-03-04',
      reference: '',
    });
    expect(wire.statusCode, wire.body).toBe(201);
    const url = `${s.base}/units/${unit.uuid}/statement`;

    const view = (await as(h, s.admin).get(url)).json() as StatementView;
    expect(view.lines.map((l) => [l.description, l.paid])).toEqual([
      ['Check 501', 25_000],
      ['Check 502, Cash', 1_500],
      ['Wire transfer', 2_000],
    ]);

    const en = pdfText((await as(h, s.admin).get(`${url}?format=pdf`)).rawPayload);
    expect(en).toContain('Check 501');
    expect(en).not.toContain('March deposit');
    const fr = pdfText(
      (await as(h, s.admin).get(`${url}?format=pdf`, { 'accept-language': 'fr-CA' })).rawPayload,
    );
    expect(fr).toContain('Chèque 501');
    expect(fr).toContain('Virement');

    const mailed = await as(h, s.admin).post(`${url}/email`, { from: '2026-01-01', to: '2026-12-31' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const [mail] = await mailsTo(h, unit.ownerEmail);
    expect(mail?.text).toContain('Chèque 501');
    expect(mail?.text).toContain('Chèque 502, Argent comptant');
    expect(mail?.text).not.toContain('March deposit');
  });
});
