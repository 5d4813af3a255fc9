import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLog, budget, feeBilling, ledgerTransaction } from '../../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../../test/harness';
import { emptyUnit } from '../../../test/registry-fixtures';
import { firstBilledMonth, fiscalMonths } from '@copro/domain';
import { billAllBuildings, billYear } from './billing';
import { todayOf } from '../../../platform/clock';

let h: Harness;
let admin: TestUser;
let owner: TestUser;
let resident: TestUser;

beforeAll(async () => {
  h = await createHarness();
  admin = await createUser(h, 'admin');
  owner = await createUser(h, 'owner');
  resident = await createUser(h, 'resident');
});
afterAll(async () => h.close());

interface Setup {
  b: BuildingFixture;
  base: string;
  categories: Map<string, string>;
  units: { uuid: string; aid: number; number: string }[];
}

/** A building with the default chart, three units (shares 50/30/20 %) and a parking of unit 101. */
async function setup(): Promise<Setup> {
  const b = await createBuildingFixture(h, {}, { chart: true });
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, owner, 'owner');
  await grantBuildingRole(h, b, resident, 'resident');
  const base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;
  const categories = new Map(
    (
      (await as(h, admin).get(`${base}/categories`)).json().items as { uuid: string; systemKey: string }[]
    ).map((c) => [c.systemKey, c.uuid]),
  );
  const parking = await as(h, admin).post(`${base}/parkings`, {
    number: 'P1',
    voteShare: 1,
    renter: {},
    noMonthlyFees: false,
  });
  const units = [];
  for (const [number, voteShare] of [
    ['101', 0.5],
    ['102', 0.3],
    ['103', 0.2],
  ] as const) {
    const res = await as(h, admin).post(`${base}/units`, {
      ...emptyUnit,
      number,
      voteShare,
      parkings: number === '101' ? [parking.json().uuid] : [],
    });
    units.push(res.json());
  }
  return { b, base, categories, units };
}

const budgetBody = (s: Setup) => ({
  contributions: [
    {
      name: 'Condo fees',
      amount: 1_200_000,
      category: s.categories.get('condoFees'),
      appliesTo: 'all:units',
    },
    {
      name: 'Contingency fund',
      amount: 100_000,
      category: s.categories.get('contingencyFundContributions'),
      appliesTo: 'all:units',
    },
    { name: 'Parking', amount: 24_000, category: s.categories.get('condoFees'), appliesTo: 'all:parkings' },
  ],
  budgetedAmounts: { [s.categories.get('insurance') ?? '']: 1_000_000 },
  budgetedComments: { [s.categories.get('insurance') ?? '']: 'Renewal in May' },
});

const balanceOf = async (s: Setup, aid: number) =>
  (await as(h, admin).get(`${s.base}/accounts/${aid}/transactions`)).json().balance as number;

describe('budgets', () => {
  it('previews every member to the cent, applies, freezes, and bills each month once', async () => {
    const s = await setup();
    const wrong = await as(h, admin).post(`${s.base}/budgets`, {
      ...budgetBody(s),
      contributions: [
        { name: 'X', amount: 1, category: s.categories.get('insurance'), appliesTo: 'all:units' },
      ],
    });
    expect(wrong.json().issues).toContainEqual({
      path: ['contributions', 0, 'category'],
      key: 'budgets.revenueCategoryOnly',
    });
    const draft = await as(h, admin).post(`${s.base}/budgets`, budgetBody(s));
    expect(draft.statusCode, draft.body).toBe(201);
    const uuid = draft.json().uuid as string;

    const preview = (await as(h, admin).get(`${s.base}/budgets/${uuid}/preview`)).json();
    for (const c of preview.totals.contributions) expect(c.billed).toBe(c.annual);
    expect(preview.members.map((m: { number: string; annual: number }) => [m.number, m.annual])).toEqual([
      ['101', 650_000],
      ['102', 390_000],
      ['103', 260_000],
      ['P1', 24_000],
    ]);
    // 100,000 of 1,324,000 is 7.6 %: above the 5 % the law asks of the contingency fund.
    expect(preview.contingency.underMinimum).toBe(false);

    const applied = await as(h, admin).post(`${s.base}/budgets/${uuid}/apply`, {
      applicationDate: '2026-01-01',
    });
    expect(applied.json().status).toBe('applied');
    const unit101 = (await as(h, admin).get(`${s.base}/units/${s.units[0]?.uuid}`)).json();
    expect(unit101.monthlyContributions).toBe(54_167);
    expect((await as(h, admin).put(`${s.base}/budgets/${uuid}`, budgetBody(s))).json().code).toBe(
      'budgetFrozen',
    );

    const scope = { buildingId: s.b.id, fiscalYear: '2026-01-01' };
    const billed = await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-03-15', 'en-CA'));
    expect(billed).toBe(12); // 4 members × January, February, March
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-03-15', 'en-CA'))).toBe(0);
    // Unit 101: its own fees and its parking's, three months: 650,000 / 12 × 3 + 24,000 / 12 × 3.
    const aid101 = s.units[0]?.aid ?? 0;
    expect(await balanceOf(s, aid101)).toBe(162_501 + 6_000);
    // A server down in April and May catches up on them.
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-05-02', 'en-CA'))).toBe(8);

    const kinds = await h.platform.db
      .select({ kind: ledgerTransaction.kind })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.buildingId, s.b.id));
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['unitMonthlyFee']));

    const unapplied = await as(h, admin).post(`${s.base}/budgets/${uuid}/unapply`);
    expect(unapplied.json().status).toBe('unapplied');
    expect(await balanceOf(s, aid101)).toBe(0);
    const left = await h.platform.db.select().from(feeBilling).where(eq(feeBilling.buildingId, s.b.id));
    expect(left).toEqual([]);
    const events = (
      await h.platform.db.select().from(activityLog).where(eq(activityLog.buildingId, s.b.id))
    ).map((l) => l.event);
    expect(events).toEqual(
      expect.arrayContaining(['budgetApplied', 'budgetUnapplied', 'transactionCanceled']),
    );
  });

  it('bills once when two billers run at the same time', async () => {
    const s = await setup();
    const uuid = (await as(h, admin).post(`${s.base}/budgets`, budgetBody(s))).json().uuid;
    await as(h, admin).post(`${s.base}/budgets/${uuid}/apply`, { applicationDate: '2026-02-10' });
    const counts = await Promise.all([
      billAllBuildings(h.platform.db, '2026-04-01'),
      billAllBuildings(h.platform.db, '2026-04-01'),
    ]);
    const rows = await h.platform.db
      .select()
      .from(feeBilling)
      .where(and(eq(feeBilling.buildingId, s.b.id), eq(feeBilling.budgetUuid, uuid)));
    // Applied on February 10th: March and April, 4 members each, billed by one of the two.
    expect(rows).toHaveLength(8);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(8);
  });

  it('shows owners the applied budget only, and residents nothing', async () => {
    const s = await setup();
    const uuid = (await as(h, admin).post(`${s.base}/budgets`, budgetBody(s))).json().uuid;
    expect((await as(h, owner).get(`${s.base}/budgets`)).json()).toEqual([]);
    await as(h, admin).post(`${s.base}/budgets/${uuid}/apply`, { applicationDate: '2026-01-01' });
    expect((await as(h, owner).get(`${s.base}/budgets`)).json().map((b: { uuid: string }) => b.uuid)).toEqual(
      [uuid],
    );
    // Owners cannot read the chart of accounts, so the budget names its own categories.
    const seen = (await as(h, owner).get(`${s.base}/budgets`)).json()[0].categories as {
      systemKey: string;
    }[];
    expect(seen.map((c) => c.systemKey).sort()).toEqual([
      'condoFees',
      'contingencyFundContributions',
      'insurance',
    ]);
    expect((await as(h, owner).get(`${s.base}/budgets/${uuid}/preview`)).statusCode).toBe(403);
    expect((await as(h, resident).get(`${s.base}/budgets`)).statusCode).toBe(403);
    // Applying queues a billing run: the months already due are billed at once, not tomorrow.
    await h.platform.jobs.drain();
    const today = await todayOf(h.platform.db, h.platform.clock, s.b.id);
    const due = fiscalMonths('2026-01-01').filter((m) => m <= today).length;
    const fees = await h.platform.db
      .select()
      .from(feeBilling)
      .where(and(eq(feeBilling.buildingId, s.b.id), eq(feeBilling.budgetUuid, uuid)));
    expect(fees).toHaveLength(due * 4);
  });

  it('bills a budget applied mid-month from the next 1st', () => {
    expect(firstBilledMonth('2026-03-01')).toBe('2026-03-01');
    expect(firstBilledMonth('2026-03-02')).toBe('2026-04-01');
    expect(firstBilledMonth('2026-12-15')).toBe('2027-01-01');
  });
});

describe('retroactive budgets', () => {
  it('bills the difference for months already billed, on the next 1st, and restores the old amounts on unapply', async () => {
    const s = await setup();
    const scope = { buildingId: s.b.id, fiscalYear: '2026-01-01' };
    const first = (await as(h, admin).post(`${s.base}/budgets`, budgetBody(s))).json().uuid;
    await as(h, admin).post(`${s.base}/budgets/${first}/apply`, { applicationDate: '2026-01-01' });
    // The budgets are applied on the days of the story, not on the day the test runs.
    const appliedOn = (uuid: string, at: string) =>
      h.platform.db
        .update(budget)
        .set({ appliedAt: new Date(at) })
        .where(eq(budget.uuid, uuid));
    await appliedOn(first, '2026-01-01T12:00:00Z');
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-03-15', 'en-CA'))).toBe(12);

    // A budget 1,440.00 a year higher for the units, voted back to February, applied on March 20th.
    const raised = budgetBody(s);
    raised.contributions[0] = {
      ...raised.contributions[0],
      amount: 1_344_000,
    } as (typeof raised.contributions)[0];
    const second = (await as(h, admin).post(`${s.base}/budgets`, raised)).json().uuid;
    const preview = (
      await as(h, admin).get(`${s.base}/budgets/${second}/preview?applicationDate=2026-02-01`)
    ).json();
    expect(preview.corrections.find((c: { number: string }) => c.number === '101')).toMatchObject({
      months: ['2026-02', '2026-03'],
      amount: 12_000,
    });
    await as(h, admin).post(`${s.base}/budgets/${second}/apply`, { applicationDate: '2026-02-01' });
    await appliedOn(second, '2026-03-20T12:00:00Z');

    // April 1st: April's fees at the new amounts, and one correction per unit for February and March.
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-04-01', 'en-CA'))).toBe(4 + 3);
    const corrections = await h.platform.db
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.buildingId, s.b.id), eq(ledgerTransaction.kind, 'budgetCorrection')));
    expect(corrections.map((c) => c.description).sort()).toEqual([
      'Budget correction (2026-02, 2026-03) — 101',
      'Budget correction (2026-02, 2026-03) — 102',
      'Budget correction (2026-02, 2026-03) — 103',
    ]);
    expect(corrections.every((c) => c.date === '2026-04-01')).toBe(true);
    // Unit 101 pays 50 % of 1,440.00 more a year: 60.00 a month, 120.00 for the two months.
    const aid101 = s.units[0]?.aid ?? 0;
    const page = (
      await as(h, admin).get(`${s.base}/accounts/${aid101}/transactions?kind=budgetCorrection`)
    ).json();
    expect(page.debits).toBe(12_000);
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-04-01', 'en-CA'))).toBe(0);

    // Unapplying the second cancels its fees and corrections; the first budget's amounts are back.
    await as(h, admin).post(`${s.base}/budgets/${second}/unapply`);
    const unit101 = (await as(h, admin).get(`${s.base}/units/${s.units[0]?.uuid}`)).json();
    expect(unit101.monthlyContributions).toBe(54_167);
    // April is billed again, by the first budget.
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, '2026-04-01', 'en-CA'))).toBe(4);
  });
});
