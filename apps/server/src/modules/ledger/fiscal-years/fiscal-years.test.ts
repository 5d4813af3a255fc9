import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLog, registryRecord } from '../../../db/schema/index';
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
import { emptyUnit, personBody } from '../../../test/registry-fixtures';

let h: Harness;
let admin: TestUser;
let accountant: TestUser;

beforeAll(async () => {
  h = await createHarness();
  admin = await createUser(h, 'admin');
  accountant = await createUser(h, 'accountant');
});
afterAll(async () => h.close());

const yearUrl = (b: BuildingFixture, year = '2026-01-01') => `/api/buildings/${b.ref}/fiscal-years/${year}`;

async function building(chart = true): Promise<BuildingFixture> {
  const b = await createBuildingFixture(h, {}, { chart });
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, accountant, 'accountant');
  return b;
}

async function aids(b: BuildingFixture, year = '2026-01-01'): Promise<Map<string, number>> {
  const accounts = (await as(h, admin).get(`${yearUrl(b, year)}/accounts`)).json() as {
    aid: number;
    name: string;
  }[];
  return new Map(accounts.map((a) => [a.name, a.aid]));
}

const post = (b: BuildingFixture, lines: [number, number][], date = '2026-03-01') =>
  as(h, admin).post(`${yearUrl(b)}/transactions`, {
    date,
    description: 'Entry',
    kind: 'accountantWriting',
    taxes: [],
    indexes: [],
    subtransactions: lines.map(([aid, amount]) => ({ aid, amount })),
  });

const newYear = (b: BuildingFixture, year: string, u: TestUser = admin) =>
  as(h, u).post(`/api/buildings/new-fiscal-year?buildingRef=${b.ref}`, { newYear: year });

const balances = async (b: BuildingFixture, year: string) =>
  new Map(
    (
      (await as(h, admin).get(`${yearUrl(b, year)}/trial-balance`)).json() as {
        aid: number;
        balance: number;
      }[]
    ).map((r) => [r.aid, r.balance]),
  );

describe('a new fiscal year', () => {
  it('copies the registry with the same uuids, opens with the closing balances and closes income into its fund', async () => {
    const b = await building();
    const person = await as(h, admin).post(`${yearUrl(b)}/people`, personBody('Roy'));
    const unit = await as(h, admin).post(`${yearUrl(b)}/units`, {
      ...emptyUnit,
      number: '101',
      voteShare: 1,
      owners: [{ personUuid: person.json().uuid }],
    });
    const a = await aids(b);
    const bank = a.get('Operating account') ?? 0;
    const fees = a.get('Condo fees') ?? 0;
    const insurance = a.get('Insurance') ?? 0;
    const unitAid = unit.json().aid as number;
    expect(
      (
        await post(b, [
          [unitAid, 300000],
          [fees, -300000],
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(b, [
          [bank, 250000],
          [unitAid, -250000],
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(b, [
          [insurance, 120000],
          [bank, -120000],
        ])
      ).statusCode,
    ).toBe(201);
    // The contingency fund (DOMAIN 12): 400.00 of contributions, 150.00 of an expense of its own.
    const study = await as(h, admin).post(`${yearUrl(b)}/categories`, {
      name: 'Contingency fund study',
      parent: 'expenses',
      fund: 'contingency',
    });
    const studyAid = study.json().aid as number;
    expect(
      (
        await post(b, [
          [unitAid, 40000],
          [a.get('Contingency fund contributions') ?? 0, -40000],
        ])
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(b, [
          [studyAid, 15000],
          [bank, -15000],
        ])
      ).statusCode,
    ).toBe(201);
    const cancelled = (
      await post(b, [
        [insurance, 999],
        [bank, -999],
      ])
    ).json();
    await as(h, admin).post(`${yearUrl(b)}/transactions/${cancelled.uuid}/cancel`, { reason: 'Twice' });

    const queued = await newYear(b, '2026-11-01');
    expect(queued.statusCode, queued.body).toBe(202);
    const during = (await as(h, admin).get(`/api/buildings/${b.ref}`)).json();
    expect(during.building.creatingFiscalYear).toBe(true);
    // Nothing is written while the year is being made.
    expect(
      (
        await post(b, [
          [bank, 1],
          [fees, -1],
        ])
      ).json().code,
    ).toBe('creatingFiscalYear');
    expect((await newYear(b, '2026-11-02')).json().code).toBe('creatingFiscalYear');

    expect(await h.platform.jobs.drain()).toBeGreaterThanOrEqual(1);
    const after = (await as(h, admin).get(`/api/buildings/${b.ref}`)).json();
    expect(after.building.creatingFiscalYear).toBe(false);
    expect(
      after.fiscalYearList.map((y: { startDate: string; endDate: string }) => [y.startDate, y.endDate]),
    ).toEqual([
      ['2026-11-01', '2027-10-31'],
      ['2026-01-01', '2026-10-31'],
    ]);
    const copied = await h.platform.db
      .select()
      .from(registryRecord)
      .where(and(eq(registryRecord.buildingId, b.id), eq(registryRecord.fiscalYear, '2026-11-01')));
    expect(copied.map((r) => r.uuid)).toEqual(expect.arrayContaining([unit.json().uuid, person.json().uuid]));

    const closing = await balances(b, '2026-01-01');
    const opening = await balances(b, '2026-11-01');
    const surplus = (await aids(b, '2026-11-01')).get('Accumulated surplus') ?? 0;
    const contingency = (await aids(b, '2026-11-01')).get('Contingency fund') ?? 0;
    expect(opening.get(bank)).toBe(closing.get(bank));
    expect(opening.get(unitAid)).toBe(closing.get(unitAid));
    expect(opening.get(unitAid)).toBe(90000);
    expect(opening.get(fees) ?? 0).toBe(0);
    expect(opening.get(insurance) ?? 0).toBe(0);
    expect(opening.get(studyAid) ?? 0).toBe(0);
    // Operating: revenues 3,000.00 less expenses 1,200.00, a 1,800.00 surplus, a credit to capital.
    expect(opening.get(surplus)).toBe(-180000);
    // The contingency fund's 400.00 less 150.00 stays in the fund.
    expect(opening.get(contingency)).toBe(-25000);
    // A late expense of the fund, dated in the old year, reaches the fund's capital in the new one.
    expect(
      (
        await post(b, [
          [studyAid, 5000],
          [bank, -5000],
        ])
      ).statusCode,
    ).toBe(201);
    const afterLate = await balances(b, '2026-11-01');
    expect(afterLate.get(contingency)).toBe(-20000);
    expect(afterLate.get(surplus)).toBe(-180000);
    const events = (
      await h.platform.db.select().from(activityLog).where(eq(activityLog.buildingId, b.id))
    ).map((l) => l.event);
    expect(events).toEqual(expect.arrayContaining(['fiscalYearQueued', 'fiscalYearCreated']));
  });

  it('refuses a start before the latest year, after today or equal to it, and callers without finance write', async () => {
    const b = await building(false);
    const key = async (year: string) => (await newYear(b, year)).json().issues?.[0]?.key;
    expect(await key('2025-12-31')).toBe('validation.dateTooEarly');
    expect(await key('2026-01-01')).toBe('validation.dateTooEarly');
    expect(await key('2099-01-01')).toBe('validation.dateTooLate');
    expect((await newYear(b, '2026-06-01', accountant)).statusCode).toBe(403);
  });

  it('reopens the dialog with the reason when the year cannot be made, and leaves the building as it was', async () => {
    const b = await building(false);
    // Without the default chart there is no accumulated surplus to close income into.
    const cash = await as(h, admin).post(`${yearUrl(b)}/categories`, { name: 'Cash', parent: 'assets' });
    const income = await as(h, admin).post(`${yearUrl(b)}/categories`, {
      name: 'Income',
      parent: 'revenues',
    });
    expect(
      (
        await post(b, [
          [cash.json().aid, 500],
          [income.json().aid, -500],
        ])
      ).statusCode,
    ).toBe(201);
    expect((await newYear(b, '2026-06-01')).statusCode).toBe(202);
    await h.platform.jobs.drain();
    const view = (await as(h, admin).get(`/api/buildings/${b.ref}`)).json();
    expect(view.building).toMatchObject({
      creatingFiscalYear: false,
      fiscalYearError: 'errors.noSurplusAccount',
    });
    expect(view.fiscalYearList).toHaveLength(1);
  });
});

describe('archiving and end dates', () => {
  it('archives an old year (then read-only), never the current one, and moves an end date within bounds', async () => {
    const b = await building(false);
    expect((await newYear(b, '2026-06-01')).statusCode).toBe(202);
    await h.platform.jobs.drain();
    const current = await as(h, admin).post(`${yearUrl(b, '2026-06-01')}/archive`, { archived: true });
    expect(current.json().issues[0].key).toBe('errors.latestYearStaysOpen');
    expect((await as(h, accountant).post(`${yearUrl(b)}/archive`, { archived: true })).statusCode).toBe(403);
    expect((await as(h, admin).post(`${yearUrl(b)}/archive`, { archived: true })).statusCode).toBe(200);
    const write = await as(h, admin).post(`${yearUrl(b)}/categories`, { name: 'Late', parent: 'assets' });
    expect(write.json().code).toBe('archivedFiscalYear');
    expect((await as(h, admin).post(`${yearUrl(b)}/archive`, { archived: false })).statusCode).toBe(200);

    const tooLate = await as(h, admin).patch(yearUrl(b), { endDate: '2026-06-01' });
    expect(tooLate.json().issues[0].key).toBe('validation.dateTooLate');
    const tooEarly = await as(h, admin).patch(yearUrl(b), { endDate: '2025-12-31' });
    expect(tooEarly.json().issues[0].key).toBe('validation.dateTooEarly');
    expect((await as(h, admin).patch(yearUrl(b), { endDate: '2026-05-15' })).statusCode).toBe(200);
    const years = (await as(h, admin).get(`/api/buildings/${b.ref}`)).json().fiscalYearList;
    expect(years[1]).toMatchObject({ startDate: '2026-01-01', endDate: '2026-05-15' });
  });
});
