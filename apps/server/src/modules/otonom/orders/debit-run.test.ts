import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLog, padSetting } from '../../../db/schema/index';
import { FixedClock } from '../../../platform/clock';
import { createFiscalYear } from '../../ledger';
import { as, createHarness, type Harness } from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import { balanceOf } from '../../receivables/test-fixtures';
import { runBuildingDebits } from './debit-job';
import { automaticUnit, ordersOf, ordersSetup, runAsOf, type OrdersSetup } from './test-orders';

const clock = new FixedClock('2026-03-20T17:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, clock);
});
afterAll(async () => h.close());

const system = { kind: 'system', id: 'backend' } as const;

const unitAt = (s: OrdersSetup, i: number) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

const logsOf = (s: OrdersSetup, event: string) =>
  h.platform.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, event)));

/** A charge of `amount` to the unit on `date` (what it owes, for the balance basis). */
async function charge(s: OrdersSetup, unitUuid: string, date: string, amount: number) {
  const res = await as(h, s.admin).post(`${s.base}/unit-charges`, {
    unitUuid,
    kind: 'unitInvoice',
    date,
    amount,
    categoryUuid: s.revenue.uuid,
    description: 'Charge',
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the monthly debit run, month’s fee', () => {
  it('creates each due debit once, for the fee, named after the owners, ready to send', async () => {
    clock.set('2026-03-20T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const [first, second] = [unitAt(s, 0), unitAt(s, 1)];
    await automaticUnit(s, first.uuid, { paymentDay: 15, monthlyFee: 45_000 });
    await automaticUnit(s, second.uuid, { paymentDay: 18, monthlyFee: 30_000 });

    expect(await runAsOf(s, '2026-03-14')).toEqual({ created: 0, total: 0 });
    expect(await runAsOf(s, '2026-03-15')).toEqual({ created: 1, total: 45_000 });
    const [order] = await ordersOf(s);
    expect(order).toMatchObject({
      direction: 'debit',
      unitUuid: first.uuid,
      amount: 45_000,
      dueDate: '2026-03-15',
      month: '2026-03',
      fiscalYear: '2026-01-01',
      status: 'readyToSendToOtonom',
      name: 'Owner',
    });
    expect(order?.reference).toMatch(/^D[0-9A-Z]{9}$/);
    expect(order?.history).toEqual([
      expect.objectContaining({ status: 'readyToSendToOtonom', returnCode: null, by: expect.any(String) }),
    ]);
    const [log] = await logsOf(s, 'otonomDebitsCreated');
    expect(log?.metadata).toMatchObject({ asOf: '2026-03-15', count: 1, total: 45_000 });

    // Idempotent: the same day again, then later in the month (the second unit's day is past).
    expect(await runAsOf(s, '2026-03-15')).toEqual({ created: 0, total: 0 });
    expect(await runAsOf(s, '2026-03-20')).toEqual({ created: 1, total: 30_000 });
    expect(await runAsOf(s, '2026-03-20')).toEqual({ created: 0, total: 0 });
    expect((await ordersOf(s)).map((o) => [o.unitUuid, o.dueDate])).toEqual([
      [first.uuid, '2026-03-15'],
      // A run late in the month dates the debit the day it is made.
      [second.uuid, '2026-03-20'],
    ]);
    // One log entry per run that created something.
    expect(await logsOf(s, 'otonomDebitsCreated')).toHaveLength(2);
  });

  it('debits on the month’s last day for payment day 31: February 28, and 29 in a leap year', async () => {
    clock.set('2026-03-20T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const unit = unitAt(s, 0);
    await automaticUnit(s, unit.uuid, { paymentDay: 31 });
    expect(await runAsOf(s, '2026-02-27')).toEqual({ created: 0, total: 0 });
    expect((await runAsOf(s, '2026-02-28')).created).toBe(1);
    expect((await ordersOf(s)).map((o) => [o.month, o.dueDate])).toEqual([['2026-02', '2026-02-28']]);
  });

  it('debits nothing before the first debit the notice announced, nor without agreement, notice or details', async () => {
    clock.set('2026-04-20T17:00:00Z');
    const s = await ordersSetup(h, clock);
    await automaticUnit(s, unitAt(s, 0).uuid, { paymentDay: 10, firstDebitOn: '2026-03-12' });
    await automaticUnit(s, unitAt(s, 1).uuid, { paymentDay: 10, bankDetails: false });
    // The month the notice's first debit falls in, but the payment day is before it: nothing.
    expect(await runAsOf(s, '2026-03-20')).toEqual({ created: 0, total: 0 });
    // The next month: due.
    expect(await runAsOf(s, '2026-04-10')).toEqual({ created: 1, total: 45_000 });
    expect((await ordersOf(s)).map((o) => o.unitUuid)).toEqual([unitAt(s, 0).uuid]);

    for (const missing of [{ signed: false }, { firstDebitOn: null }, { flag: 'revoked' as const }]) {
      const other = await ordersSetup(h, clock);
      await automaticUnit(other, unitAt(other, 0).uuid, { paymentDay: 10, ...missing });
      expect(await runAsOf(other, '2026-04-10')).toEqual({ created: 0, total: 0 });
    }
  });

  it('a unit without automatic payment, or a fee of zero, gets no debit', async () => {
    clock.set('2026-04-20T17:00:00Z');
    const s = await ordersSetup(h, clock);
    await automaticUnit(s, unitAt(s, 0).uuid, { paymentDay: 10, monthlyFee: 0 });
    expect(await runAsOf(s, '2026-04-10')).toEqual({ created: 0, total: 0 });
  });

  it('waits for approval when the building’s approvals cover the channel’s method', async () => {
    clock.set('2026-04-20T17:00:00Z');
    const otonom = await ordersSetup(h, clock, {
      building: { numberOfApprovalsRequired: 1, paymentMethodsRequiringApproval: ['otonom'] },
    });
    await automaticUnit(otonom, unitAt(otonom, 0).uuid, { paymentDay: 10 });
    await runAsOf(otonom, '2026-04-10');
    expect((await ordersOf(otonom)).map((o) => o.status)).toEqual(['waitingApproval']);

    const cpa = await ordersSetup(h, clock, {
      channel: 'cpa005',
      building: { numberOfApprovalsRequired: 1, paymentMethodsRequiringApproval: ['otonom'] },
    });
    await automaticUnit(cpa, unitAt(cpa, 0).uuid, { paymentDay: 10 });
    await runAsOf(cpa, '2026-04-10');
    expect((await ordersOf(cpa)).map((o) => o.status)).toEqual(['readyToSendToOtonom']);
  });
});

describe('the monthly debit run, balance', () => {
  it('takes what the unit owes that day, less the debits still pending', async () => {
    clock.set('2026-05-20T17:00:00Z');
    const s = await ordersSetup(h, clock, { debitAmount: 'balance' });
    const unit = unitAt(s, 0);
    await automaticUnit(s, unit.uuid, { paymentDay: 5 });
    await charge(s, unit.uuid, '2026-03-01', 60_000);
    // Posted after the run's day: not counted.
    await charge(s, unit.uuid, '2026-03-06', 1_000);
    expect(await runAsOf(s, '2026-03-05')).toEqual({ created: 1, total: 60_000 });
    // The March debit is still pending in April: only the rest is asked.
    await charge(s, unit.uuid, '2026-04-01', 20_000);
    expect(await runAsOf(s, '2026-04-05')).toEqual({ created: 1, total: 21_000 });
    // All of it is in flight: nothing more in May.
    expect(await runAsOf(s, '2026-05-05')).toEqual({ created: 0, total: 0 });
    expect(await balanceOf(s, unit.aid)).toBe(81_000);
  });

  it('takes nothing from a unit that owes nothing', async () => {
    clock.set('2026-05-20T17:00:00Z');
    const s = await ordersSetup(h, clock, { debitAmount: 'balance' });
    await automaticUnit(s, unitAt(s, 0).uuid, { paymentDay: 5 });
    expect(await runAsOf(s, '2026-05-05')).toEqual({ created: 0, total: 0 });
  });
});

describe('the monthly debit run’s day and year', () => {
  it('runs as of the building’s today in its time zone', async () => {
    // 03:00 UTC on December 1st is still November 30 in Toronto.
    clock.set('2026-12-01T03:00:00Z');
    const toronto = await ordersSetup(h, clock, { building: { timeZone: 'America/Toronto' } });
    const utc = await ordersSetup(h, clock, { building: { timeZone: 'UTC' } });
    for (const s of [toronto, utc]) {
      await automaticUnit(s, unitAt(s, 0).uuid, { paymentDay: 1, firstDebitOn: '2026-11-15' });
    }
    expect(await runAsOf(toronto)).toEqual({ created: 0, total: 0 });
    expect(await runAsOf(utc)).toEqual({ created: 1, total: 45_000 });
    expect((await ordersOf(utc)).map((o) => o.dueDate)).toEqual(['2026-12-01']);
    // The daily job too: the building's own today.
    expect(await runBuildingDebits(h.platform.db, h.platform, toronto.b.id, '2026-11-30')).toEqual({
      created: 0,
      total: 0,
    });
    clock.set('2026-12-01T06:00:00Z');
    expect(await runAsOf(toronto)).toEqual({ created: 1, total: 45_000 });
    expect((await ordersOf(toronto)).map((o) => o.dueDate)).toEqual(['2026-12-01']);
  });

  it('refuses a run after the building’s today, and one before the settings exist', async () => {
    clock.set('2026-04-20T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const res = await as(h, s.admin).post(`${s.otonom}/debit-run`, { asOf: '2026-04-21' });
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['asOf:otonom.orders.validation.asOfInFuture']);
    await h.platform.db.delete(padSetting).where(eq(padSetting.buildingId, s.b.id));
    const unset = await as(h, s.admin).post(`${s.otonom}/debit-run`, {});
    expect(issueKeys(unset)).toEqual(['asOf:otonom.validation.noSettings']);
  });

  it('runs on across a year end: December in the old year, January in the new one', async () => {
    clock.set('2027-01-20T17:00:00Z');
    const s = await ordersSetup(h, clock, { debitAmount: 'balance' });
    const unit = unitAt(s, 0);
    await automaticUnit(s, unit.uuid, { paymentDay: 15 });
    await charge(s, unit.uuid, '2026-12-01', 50_000);
    expect(await runAsOf(s, '2026-12-15')).toEqual({ created: 1, total: 50_000 });
    await h.platform.db.transaction((tx) => createFiscalYear(tx, s.b.id, '2027-01-01', system));
    // January: the balance carried into the new year is December's debit, still pending.
    expect(await runAsOf(s, '2027-01-15')).toEqual({ created: 0, total: 0 });
    // Once December's debit is cancelled, a later run the same month asks for what is owed.
    const [december] = await ordersOf(s);
    const cancelled = await as(h, s.admin).post(`${s.otonom}/orders/${december?.uuid}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await runAsOf(s, '2027-01-16')).toEqual({ created: 1, total: 50_000 });
    expect((await ordersOf(s)).map((o) => [o.month, o.fiscalYear, o.dueDate])).toEqual([
      ['2026-12', '2026-01-01', '2026-12-15'],
      ['2027-01', '2027-01-01', '2027-01-16'],
    ]);
  });
});
