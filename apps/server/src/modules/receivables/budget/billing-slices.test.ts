import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { feeBilling, ledgerTransaction } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createUser,
  createHarness,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { createDirectly, unitBody, yearPath } from '../../../test/registry-fixtures';
import { findRecord } from '../../registry';
import { billBuilding } from './billing';

let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  h = await createHarness();
  admin = await createUser(h, 'admin');
});
afterAll(async () => h.close());

const unitCount = 30;
const asOf = '2026-06-15';
/** Six months (January to June) of every unit. */
const fees = unitCount * 6;

/** A building of 30 units with a condo-fee budget applied from January 1st, billed by no one yet. */
async function setup(): Promise<{
  b: BuildingFixture;
  base: string;
  units: { uuid: string; aid: number }[];
}> {
  const b = await createBuildingFixture(h, {}, { chart: true });
  await grantBuildingRole(h, b, admin, 'admin');
  const base = yearPath(b);
  const scope = { buildingId: b.id, fiscalYear: '2026-01-01' };
  const units = [];
  for (let i = 0; i < unitCount; i += 1) {
    const uuid = await createDirectly(h, b, 'units', unitBody(String(100 + i)));
    units.push({ uuid, aid: (await findRecord(h.platform.db, scope, 'units', uuid))?.aid ?? 0 });
  }
  const categories = (await as(h, admin).get(`${base}/categories`)).json().items as {
    uuid: string;
    systemKey: string;
  }[];
  const draft = await as(h, admin).post(`${base}/budgets`, {
    contributions: [
      {
        name: 'Condo fees',
        amount: 3_600_000,
        category: categories.find((c) => c.systemKey === 'condoFees')?.uuid,
        appliesTo: 'all:units',
      },
    ],
    budgetedAmounts: {},
    budgetedComments: {},
  });
  const applied = await as(h, admin).post(`${base}/budgets/${draft.json().uuid}/apply`, {
    applicationDate: '2026-01-01',
  });
  expect(applied.statusCode, applied.body).toBe(200);
  return { b, base, units };
}

const billedCount = async (b: BuildingFixture): Promise<number> =>
  (await h.platform.db.select({ n: count() }).from(feeBilling).where(eq(feeBilling.buildingId, b.id)))[0]
    ?.n ?? 0;

describe('billing in slices', () => {
  it('commits slice by slice: a read and a request are answered while the billing runs', async () => {
    const { b, base, units } = await setup();
    const progress: [number, number][] = [];
    let done = 0;
    const during: {
      read?: Promise<{ seen: number; doneThen: number }>;
      request?: Promise<{ status: number; doneThen: number }>;
    } = {};
    const billed = await billBuilding(h.platform.db, b.id, asOf, {
      sliceSize: 5,
      onProgress: (d, total) => {
        progress.push([d, total]);
        done = d;
        // After the first slice: another reader, and a user's request, while the billing goes on.
        if (d > 0 && !during.read) {
          during.read = billedCount(b).then((seen) => ({ seen, doneThen: done }));
          during.request = as(h, admin)
            .get(`${base}/accounts/${units[0]?.aid}/transactions`)
            .then((res) => ({ status: res.statusCode, doneThen: done }));
        }
      },
    });
    expect(billed).toBe(fees);
    expect(progress[0]).toEqual([0, fees]);
    expect(progress.at(-1)).toEqual([fees, fees]);
    expect(progress).toHaveLength(1 + fees / 5);
    const answered = await during.read;
    const requested = await during.request;
    // Answered before the last slice, and what it read was committed by the slices before.
    expect(answered?.doneThen).toBeLessThan(fees);
    expect(answered?.seen).toBeGreaterThan(0);
    expect(answered?.seen).toBeLessThan(fees);
    expect(requested).toMatchObject({ status: 200 });
    expect(requested?.doneThen).toBeLessThan(fees);
    expect(await billedCount(b)).toBe(fees);
  });

  it('a slice that fails leaves the slices before it committed; the next run completes, billing nothing twice', async () => {
    const { b, units } = await setup();
    // The last unit's January fee is the 30th: the sixth slice of five fails, whole.
    const failing = units.at(-1)?.uuid ?? '';
    await h.platform.db.execute(
      sql.raw(`create function refuse_one_fee() returns trigger language plpgsql as $$
        begin
          if new.member_uuid = '${failing}' then raise exception 'injected failure'; end if;
          return new;
        end $$`),
    );
    await h.platform.db.execute(
      sql.raw(`create trigger refuse_one_fee before insert on fee_billings
        for each row execute function refuse_one_fee()`),
    );
    await expect(billBuilding(h.platform.db, b.id, asOf, { sliceSize: 5 })).rejects.toThrow();
    expect(await billedCount(b)).toBe(25);
    const posted = await h.platform.db
      .select({ n: count() })
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.buildingId, b.id), eq(ledgerTransaction.kind, 'unitMonthlyFee')));
    expect(posted[0]?.n).toBe(25);

    await h.platform.db.execute(sql.raw('drop trigger refuse_one_fee on fee_billings'));
    await h.platform.db.execute(sql.raw('drop function refuse_one_fee()'));
    expect(await billBuilding(h.platform.db, b.id, asOf, { sliceSize: 5 })).toBe(fees - 25);
    expect(await billBuilding(h.platform.db, b.id, asOf, { sliceSize: 5 })).toBe(0);
    const rows = await h.platform.db.select().from(feeBilling).where(eq(feeBilling.buildingId, b.id));
    expect(rows).toHaveLength(fees);
    expect(new Set(rows.map((r) => `${r.memberUuid}:${r.month}`)).size).toBe(fees);
    // Each unit's account holds its six fees, once each.
    const page = (await as(h, admin).get(`${yearPath(b)}/accounts/${units[0]?.aid}/transactions`)).json();
    expect(page.debits).toBe(6 * (3_600_000 / unitCount / 12));
  });
});
