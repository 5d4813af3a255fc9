import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedCheck } from '../../db/schema/index';
import { FixedClock } from '../../platform/clock';
import {
  createUser,
  grantBuildingRole,
  createHarness,
  type Harness,
  type TestUser,
} from '../../test/harness';
import { moneyInSetup, transactionCount, type MoneyInSetup } from './test-fixtures';

const clock = new FixedClock('2026-11-25T17:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, clock);
});
afterAll(async () => h.close());

/** A POST as `user`, with an idempotency key when one is given. */
const post = (user: TestUser, url: string, payload: object, key?: string) =>
  h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie: user.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });

const cashPayment = (s: MoneyInSetup, amount = 12_500) => ({
  unitUuid: s.units[0]?.uuid,
  date: '2026-03-05',
  amount,
  paymentMethod: 'cash',
  bankUuid: s.bank.uuid,
});

async function checkCount(s: MoneyInSetup): Promise<number> {
  const [row] = await h.platform.db
    .select({ n: count() })
    .from(recordedCheck)
    .where(and(eq(recordedCheck.buildingId, s.b.id)));
  return row?.n ?? 0;
}

describe('idempotency keys', () => {
  it('answers a retry with the same key with the first answer, and posts once', async () => {
    const s = await moneyInSetup(h);
    const key = randomUUID();
    const first = await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await transactionCount(s)).toBe(1);
  });

  it('does the write once when the same key comes twice at the same time', async () => {
    const s = await moneyInSetup(h);
    const key = randomUUID();
    const transfer = { unitUuid: s.units[0]?.uuid, bankUuid: s.bank.uuid, amount: 9_000, date: '2026-04-01' };
    const answers = await Promise.all([
      post(s.admin, `${s.base}/wire-transfers`, transfer, key),
      post(s.admin, `${s.base}/wire-transfers`, transfer, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    expect(await transactionCount(s)).toBe(1);

    const series = {
      unitUuid: s.units[1]?.uuid,
      checks: [
        { number: '301', amount: 20_000, date: '2026-05-01' },
        { number: '302', amount: 20_000, date: '2026-06-01' },
      ],
    };
    const seriesKey = randomUUID();
    const saved = await Promise.all(
      [1, 2, 3].map(() => post(s.admin, `${s.base}/checks/series`, series, seriesKey)),
    );
    expect(saved.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(saved.map((a) => a.body)).size).toBe(1);
    expect(await checkCount(s)).toBe(2);
  });

  it('does two writes for two keys, and each write without a key', async () => {
    const s = await moneyInSetup(h);
    for (const key of [randomUUID(), randomUUID(), undefined, undefined]) {
      const res = await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key);
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await transactionCount(s)).toBe(4);
  });

  it('keeps keys apart by user and by route', async () => {
    const s = await moneyInSetup(h);
    const other = await createUser(h, 'accountant');
    await grantBuildingRole(h, s.b, other, 'admin');
    const key = randomUUID();
    const charge = {
      unitUuid: s.units[0]?.uuid,
      kind: 'unitInvoice',
      date: '2026-02-01',
      amount: 4_000,
      categoryUuid: s.revenue.uuid,
      description: 'Key copy',
    };
    expect((await post(s.admin, `${s.base}/unit-charges`, charge, key)).statusCode).toBe(201);
    expect((await post(other, `${s.base}/unit-charges`, charge, key)).statusCode).toBe(201);
    expect((await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key)).statusCode).toBe(201);
    expect(await transactionCount(s)).toBe(3);
  });

  it('refuses the same key with other values, and stores nothing for a refused write', async () => {
    const s = await moneyInSetup(h);
    const key = randomUUID();
    expect((await post(s.admin, `${s.base}/unit-payments`, cashPayment(s, 100), key)).statusCode).toBe(201);
    const reused = await post(s.admin, `${s.base}/unit-payments`, cashPayment(s, 200), key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().code).toBe('idempotencyKeyReused');
    expect(await transactionCount(s)).toBe(1);

    // A refusal rolls back with its key: the corrected form goes through with the same key.
    const check = { unitUuid: s.units[0]?.uuid, number: '77', amount: 5_000, date: '2027-01-15' };
    const checkKey = randomUUID();
    const refused = await post(s.admin, `${s.base}/checks`, check, checkKey);
    expect(refused.statusCode).toBe(400);
    const fixed = await post(s.admin, `${s.base}/checks`, { ...check, date: '2026-12-15' }, checkKey);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await checkCount(s)).toBe(1);
  });

  it('forgets a key after a day, and refuses a key that is not one', async () => {
    const s = await moneyInSetup(h);
    const key = randomUUID();
    expect((await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key)).statusCode).toBe(201);
    clock.set('2026-11-26T16:59:00Z');
    expect((await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key)).statusCode).toBe(201);
    expect(await transactionCount(s)).toBe(1);
    clock.set('2026-11-26T17:01:00Z');
    expect((await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), key)).statusCode).toBe(201);
    expect(await transactionCount(s)).toBe(2);
    clock.set('2026-11-25T17:00:00Z');

    const bad = await post(s.admin, `${s.base}/unit-payments`, cashPayment(s), 'with space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('idempotencyKeyInvalid');
    expect(await transactionCount(s)).toBe(2);
  });
});
