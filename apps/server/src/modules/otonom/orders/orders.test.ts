import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  cents,
  holdsMoney,
  isReturned,
  nextStatuses,
  statusesByHand,
  otonomStatuses,
  type OtonomStatus,
  type PadOrderView,
} from '@copro/domain';
import { activityLog, padOrder, padSetting } from '../../../db/schema/index';
import { FixedClock } from '../../../platform/clock';
import { as, createHarness, type Harness, type TestUser } from '../../../test/harness';
import {
  createDirectly,
  createMember,
  issueKeys,
  personBody,
  yearPath,
} from '../../../test/registry-fixtures';
import { createFiscalYear } from '../../ledger';
import { balanceOf } from '../../receivables/test-fixtures';
import { payablesSetup } from '../../payables/test-fixtures';
import { decide, enterInvoice, pay, paymentBody } from '../../payables/payments/test-payments';
import { automaticUnit, ordersOf, ordersSetup, runAsOf, type OrdersSetup } from './test-orders';

const clock = new FixedClock('2026-11-25T17:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, clock);
});
afterAll(async () => h.close());

const unitAt = (s: OrdersSetup, i: number) => {
  const unit = s.units[i];
  if (!unit) throw new Error('no unit');
  return unit;
};

/** An order of the unit written straight to its table, in `status`. */
async function insertOrder(
  s: OrdersSetup,
  values: {
    status?: OtonomStatus;
    unitUuid?: string;
    amount?: number;
    dueDate?: string;
    direction?: 'debit' | 'credit';
  } = {},
): Promise<string> {
  const uuid = randomUUID();
  const direction = values.direction ?? 'debit';
  await h.platform.db.insert(padOrder).values({
    buildingId: s.b.id,
    uuid,
    fiscalYear: '2026-01-01',
    direction,
    unitUuid: direction === 'debit' ? (values.unitUuid ?? unitAt(s, 0).uuid) : null,
    supplierUuid: direction === 'credit' ? randomUUID() : null,
    name: 'Owner',
    amount: cents(values.amount ?? 10_000),
    dueDate: values.dueDate ?? '2026-11-15',
    status: values.status ?? 'readyToSendToOtonom',
    reference: `D${uuid.replace(/-/g, '').slice(0, 9).toUpperCase()}`,
    history: [],
  });
  return uuid;
}

/** Moves the order through the route; a return names its reason, and neither charges nor mails. */
const move = (s: OrdersSetup, uuid: string, status: OtonomStatus, by: TestUser = s.admin) =>
  as(h, by).post(`${s.otonom}/orders/${uuid}/status`, {
    status,
    chargeFee: false,
    emailOwner: false,
    ...(isReturned(status) ? { returnCode: '901' } : {}),
  });

/** The shortest way from a new order's status to `to`, by allowed transitions. */
function pathTo(to: OtonomStatus): { start: OtonomStatus; steps: OtonomStatus[] } {
  if (to === 'waitingApproval') return { start: 'waitingApproval', steps: [] };
  const start: OtonomStatus = 'readyToSendToOtonom';
  const seen = new Map<OtonomStatus, OtonomStatus[]>([[start, []]]);
  const queue: OtonomStatus[] = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of nextStatuses(at)) {
      if (seen.has(next)) continue;
      seen.set(next, [...(seen.get(at) ?? []), next]);
      queue.push(next);
    }
  }
  const steps = seen.get(to);
  if (!steps) throw new Error(`no way to ${to}`);
  // Only sending a file marks an order sent: a path through "sent" starts there.
  if (steps[0] === 'toProcess') return { start: 'toProcess', steps: steps.slice(1) };
  return { start, steps };
}

describe('a status by hand', () => {
  it('allows every transition of the lifecycle, and moves the money only when it should', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const unit = unitAt(s, 0);
    let held = 0;
    for (const from of otonomStatuses) {
      for (const to of nextStatuses(from)) {
        const { start, steps } = pathTo(from);
        const uuid = await insertOrder(s, { status: start, amount: 10_000 });
        if (!statusesByHand(from).includes(to)) {
          // Allowed, but not by hand: sending a file does it.
          for (const step of steps) expect((await move(s, uuid, step)).statusCode).toBe(200);
          const res = await move(s, uuid, to);
          expect(res.statusCode, `${from} → ${to}`).toBe(400);
          expect(issueKeys(res)).toEqual(['status:otonom.validation.sentOnlyByFile']);
          continue;
        }
        for (const step of [...steps, to]) {
          const res = await move(s, uuid, step);
          expect(res.statusCode, `${from} → ${to} (at ${step}): ${res.body}`).toBe(200);
          expect((res.json() as PadOrderView).status).toBe(step);
        }
        const [row] = await h.platform.db
          .select()
          .from(padOrder)
          .where(and(eq(padOrder.buildingId, s.b.id), eq(padOrder.uuid, uuid)));
        expect(row?.status).toBe(to);
        expect(row?.history.map((e) => e.status)).toEqual([...steps, to]);
        if (holdsMoney(to)) {
          expect(row?.transactionUuid, `${from} → ${to}`).not.toBeNull();
          held += 10_000;
        }
        if (isReturned(to)) expect(row?.returnCode).toBe('901');
      }
    }
    // The unit's account: every order holding money paid it, every other one paid nothing or was reversed.
    expect(await balanceOf(s, unit.aid)).toBe(-held);
    const [log] = await h.platform.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, 'otonomStatusChanged')));
    expect(log).toBeDefined();
  });

  it('refuses a transition the lifecycle forbids, and changes nothing', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await ordersSetup(h, clock);
    for (const from of otonomStatuses) {
      const to = otonomStatuses.find((t) => t !== from && !nextStatuses(from).includes(t));
      if (!to) continue;
      const uuid = await insertOrder(s, { status: from });
      const res = await move(s, uuid, to);
      expect(res.statusCode, `${from} → ${to}`).toBe(400);
      expect(issueKeys(res)).toEqual(['status:otonom.validation.transitionRefused']);
      const [row] = await h.platform.db
        .select()
        .from(padOrder)
        .where(and(eq(padOrder.buildingId, s.b.id), eq(padOrder.uuid, uuid)));
      expect(row?.status).toBe(from);
      expect(row?.transactionUuid).toBeNull();
    }
  });

  it('a return needs its reason; an unknown order is not found', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const uuid = await insertOrder(s, { status: 'readyToSendToOtonom' });
    expect((await move(s, uuid, 'paid')).statusCode).toBe(200);
    const res = await as(h, s.admin).post(`${s.otonom}/orders/${uuid}/status`, { status: 'processedNSF' });
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res)).toEqual(['returnCode:otonom.validation.returnCodeRequired']);
    expect((await move(s, randomUUID(), 'paid')).statusCode).toBe(404);
  });
});

describe('a return after the year end and a sale', () => {
  it('is reversed in the return’s year, on the account the debit paid: the seller’s', async () => {
    clock.set('2026-12-20T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const unit = unitAt(s, 0);
    const uuid = await insertOrder(s, { status: 'toProcess', amount: 30_000, dueDate: '2026-12-15' });
    expect((await move(s, uuid, 'withdrawalDone')).statusCode).toBe(200);
    expect(await balanceOf(s, unit.aid)).toBe(-30_000);

    await h.platform.db.transaction((tx) =>
      createFiscalYear(tx, s.b.id, '2027-01-01', { kind: 'system', id: 'backend' }),
    );
    const next = { ...s, base: yearPath(s.b, '2027-01-01') };
    const buyer = await createDirectly(h, s.b, 'people', personBody('Buyer'), '2027-01-01');
    const sold = await as(h, s.admin).post(`${next.base}/units/${unit.uuid}/sale`, {
      date: '2027-01-05',
      newOwners: [buyer],
      balance: 'leave',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const buyerAid = (sold.json().accounts as { aid: number }[]).find((a) => a.aid !== unit.aid)?.aid;
    if (buyerAid === undefined) throw new Error('the sale opened no account');

    clock.set('2027-01-20T17:00:00Z');
    const res = await move(s, uuid, 'processedNSF');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as PadOrderView).returnedOn).toBe('2027-01-20');
    // 2026 keeps the payment; 2027 has the reversal, on the seller's account, not the buyer's.
    expect(await balanceOf(s, unit.aid)).toBe(-30_000);
    expect(await balanceOf(next, unit.aid)).toBe(0);
    expect(await balanceOf(next, buyerAid)).toBe(0);
  });
});

describe('the orders list', () => {
  it('pages the orders, the latest due first, with unit numbers, and filters them', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const [first, second] = [unitAt(s, 0), unitAt(s, 1)];
    for (let day = 1; day <= 24; day += 1) {
      await insertOrder(s, {
        unitUuid: day % 2 === 0 ? first.uuid : second.uuid,
        dueDate: `2026-10-${String(day).padStart(2, '0')}`,
        status: day <= 4 ? 'completed' : 'readyToSendToOtonom',
      });
    }
    await insertOrder(s, { direction: 'credit', dueDate: '2026-09-01' });
    const get = async (query: string) => {
      const res = await as(h, s.admin).get(`${s.otonom}/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { orders: PadOrderView[]; total: number };
    };
    const page2 = await get('page=2&pageSize=10');
    expect(page2.total).toBe(25);
    expect(page2.orders.map((o) => o.dueDate)).toEqual(
      [14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map((d) => `2026-10-${String(d).padStart(2, '0')}`),
    );
    expect(page2.orders[0]?.unitNumber).toBe(first.number);
    expect(page2.orders[1]?.unitNumber).toBe(second.number);
    expect((await get('page=3&pageSize=10')).orders.map((o) => o.direction).at(-1)).toBe('credit');
    expect((await get('status=completed')).total).toBe(4);
    expect((await get('direction=credit')).orders.map((o) => o.unitNumber)).toEqual([null]);
    expect((await get(`unitUuid=${first.uuid}`)).total).toBe(12);
    expect((await get('from=2026-10-10&to=2026-10-19')).total).toBe(10);

    const [one] = (await get('pageSize=1')).orders;
    const single = await as(h, s.admin).get(`${s.otonom}/orders/${one?.uuid}`);
    expect(single.json()).toEqual(one);
    expect((await as(h, s.admin).get(`${s.otonom}/orders/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('approval', () => {
  it('an approver approves the debits waiting for approval', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await ordersSetup(h, clock, {
      building: { numberOfApprovalsRequired: 1, paymentMethodsRequiringApproval: ['otonom'] },
    });
    for (const unit of s.units) await automaticUnit(s, unit.uuid, { paymentDay: 10 });
    expect(await runAsOf(s, '2026-11-10')).toEqual({ created: 2, total: 90_000 });
    const uuids = (await ordersOf(s)).map((o) => o.uuid);
    const approver = await createMember(h, s.b, 'approver', 'approver');
    const accountant = await createMember(h, s.b, 'accountant', 'accountantWrite');
    const url = `${s.otonom}/orders/approve`;
    expect((await as(h, accountant).post(url, { orderUuids: uuids })).statusCode).toBe(403);
    expect((await as(h, s.admin).post(url, { orderUuids: uuids })).statusCode).toBe(403);
    const res = await as(h, approver).post(url, { orderUuids: uuids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ approved: 2 });
    expect((await ordersOf(s)).map((o) => o.status)).toEqual(['readyToSendToOtonom', 'readyToSendToOtonom']);
    const logs = await h.platform.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.buildingId, s.b.id), eq(activityLog.event, 'otonomOrdersApproved')));
    expect(logs.map((l) => l.metadata)).toEqual([expect.objectContaining({ count: 2, total: 90_000 })]);
    // Approved already: nothing more; an order the building does not have: not found.
    expect((await as(h, approver).post(url, { orderUuids: uuids })).json()).toEqual({ approved: 0 });
    expect((await as(h, approver).post(url, { orderUuids: [randomUUID()] })).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('finance readers read, finance writers write; owners, residents and handlers do neither', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await ordersSetup(h, clock);
    const uuid = await insertOrder(s);
    const users = {
      owner: await createMember(h, s.b, 'owner', 'owner'),
      resident: await createMember(h, s.b, 'resident', 'resident'),
      handler: await createMember(h, s.b, 'handler', 'handler'),
      accountant: await createMember(h, s.b, 'accountant', 'accountant'),
      accountantWrite: await createMember(h, s.b, 'accountantWrite', 'accountantWrite'),
    };
    for (const u of [users.owner, users.resident, users.handler]) {
      expect((await as(h, u).get(`${s.otonom}/orders`)).statusCode).toBe(403);
      expect((await as(h, u).get(`${s.otonom}/orders/${uuid}`)).statusCode).toBe(403);
      expect((await move(s, uuid, 'administrativeHold', u)).statusCode).toBe(403);
      expect((await as(h, u).post(`${s.otonom}/debit-run`, {})).statusCode).toBe(403);
    }
    expect((await as(h, users.accountant).get(`${s.otonom}/orders`)).statusCode).toBe(200);
    expect((await as(h, users.accountant).get(`${s.otonom}/orders/${uuid}`)).statusCode).toBe(200);
    expect((await move(s, uuid, 'administrativeHold', users.accountant)).statusCode).toBe(403);
    expect((await as(h, users.accountant).post(`${s.otonom}/debit-run`, {})).statusCode).toBe(403);
    expect((await move(s, uuid, 'administrativeHold', users.accountantWrite)).statusCode).toBe(200);
    expect((await as(h, users.accountantWrite).post(`${s.otonom}/debit-run`, {})).statusCode).toBe(200);
  });
});

describe('supplier credits', () => {
  it('a posted supplier payment through the partner gets its credit order, once', async () => {
    clock.set('2026-11-25T17:00:00Z');
    const s = await payablesSetup(h, {
      numberOfApprovalsRequired: 1,
      paymentMethodsRequiringApproval: ['otonom'],
    });
    await h.platform.db
      .insert(padSetting)
      .values({ buildingId: s.b.id, channel: 'otonom', debitAmount: 'monthlyFee', bankUuid: s.bank.uuid });
    const otonom = `/api/buildings/${s.b.ref}/otonom`;
    const run = async () => {
      const res = await as(h, s.admin).post(`${otonom}/debit-run`, {});
      expect(res.statusCode, res.body).toBe(200);
    };
    const credits = () =>
      h.platform.db
        .select()
        .from(padOrder)
        .where(and(eq(padOrder.buildingId, s.b.id), eq(padOrder.direction, 'credit')));

    const invoice = await enterInvoice(s, 25_000);
    const byCheck = await enterInvoice(s, 5_000);
    const payment = await pay(
      s,
      paymentBody(s, [{ invoiceUuid: invoice.uuid, amount: 25_000 }], { paymentMethod: 'otonom' }),
    );
    await pay(s, paymentBody(s, [{ invoiceUuid: byCheck.uuid, amount: 5_000 }]));
    // Waiting for its approval: no order yet.
    await run();
    expect(await credits()).toEqual([]);
    const decided = await decide(s, s.approvers[0], payment.uuid, 'approve');
    expect(decided.statusCode, decided.body).toBe(200);
    await run();
    await run();
    const [credit, ...more] = await credits();
    expect(more).toEqual([]);
    expect(credit).toMatchObject({
      supplierUuid: s.supplier.uuid,
      supplierPaymentUuid: payment.uuid,
      name: 'Déneigement Nord',
      amount: 25_000,
      dueDate: '2026-03-15',
      status: 'readyToSendToOtonom',
      unitUuid: null,
      month: null,
    });
    expect(credit?.reference).toMatch(/^C[0-9A-Z]{9}$/);
  });
});
