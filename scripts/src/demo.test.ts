import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  buildingToday,
  sharesAddUpToWhole,
  type CheckView,
  type DepositView,
  type UnitView,
} from '@copro/domain';
import { billingAccount, building, buildingUser } from '@copro/server/db/schema/index';
import { billYear } from '@copro/server/modules/receivables/budget/billing';
import { chargePenalties } from '@copro/server/modules/receivables/penalties/penalty-run';
import { FixedClock } from '@copro/server/platform/clock';
import { createHarness, signIn, type Harness } from '@copro/server/test/harness';
import { demoBuildings, demoPassword, demoUsers, seedDemo } from './demo';
import { demoPayers } from './demo-year';

// The clock stands at 2026-06-15 (noon in Montréal): the demo year runs from January to mid-June.
let h: Harness;
let year: string;
let today: string;
beforeAll(async () => {
  h = await createHarness({}, new FixedClock('2026-06-15T16:00:00Z'));
  today = buildingToday(demoBuildings[0], h.platform.clock.now());
  year = `${today.slice(0, 4)}-01-01`;
});
afterAll(async () => h.close());

const base = () => `/api/buildings/${demoBuildings[0].ref}/fiscal-years/${year}`;
const getAs = async <T>(cookie: string, url: string): Promise<T> => {
  const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as T;
};
/** The records of a registry list's first page, which holds the whole demo registry. */
const listAs = async <T>(cookie: string, url: string): Promise<T[]> =>
  (await getAs<{ items: T[] }>(cookie, url)).items;

interface AccountPage {
  lines: { amount: number; transaction: { kind: string; date: string; description: string } }[];
  balance: number;
}

describe('demo seed', () => {
  it('creates one billing account, a group of two buildings and a user per building role, once', async () => {
    expect(today).toBe('2026-06-15');
    expect(await seedDemo(h.platform, { year: true })).toBe(true);
    expect(await seedDemo(h.platform, { year: true })).toBe(false);
    expect((await h.platform.db.select({ n: count() }).from(billingAccount))[0]?.n).toBe(1);
    expect((await h.platform.db.select({ n: count() }).from(building))[0]?.n).toBe(2);
    const roles = (await h.platform.db.select({ role: buildingUser.role }).from(buildingUser))
      .map((r) => r.role)
      .sort();
    expect(roles).toEqual([
      'accountant',
      'accountantWrite',
      'admin',
      'approver',
      'approverWrite',
      'handler',
      'owner',
      'resident',
    ]);
  });

  it('every demo user signs in with the printed password and reaches only their buildings', async () => {
    for (const u of demoUsers) {
      const cookie = await signIn(h, u.email, demoPassword);
      const memberships = (
        await h.app.inject({ method: 'GET', url: '/api/memberships', headers: { cookie } })
      ).json();
      const refs = memberships.buildings.map((b: { ref: string }) => b.ref).sort();
      const expected = u.role === 'admin' ? demoBuildings.map((b) => b.ref).sort() : [demoBuildings[0].ref];
      expect(refs, u.email).toEqual(expected);
      expect(memberships.buildings.find((b: { ref: string }) => b.ref === demoBuildings[0].ref).role).toBe(
        u.role,
      );
    }
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/buildings/${demoBuildings[1].ref}`,
          headers: { cookie: owner },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives the first building a registry whose units add up to 100 %, and the owner their own unit', async () => {
    const admin = await signIn(h, 'admin@example.com', demoPassword);
    const units = await listAs<{ number: string; voteShare: number; ownersEmails: string[] }>(
      admin,
      `${base()}/units`,
    );
    expect(units).toHaveLength(24);
    expect(sharesAddUpToWhole(units.map((u) => u.voteShare))).toBe(true);
    expect((await listAs(admin, `${base()}/parkings`)).length).toBeGreaterThan(0);
    expect((await listAs(admin, `${base()}/suppliers`)).length).toBe(7);
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    const own = await listAs<{ number: string }>(owner, `${base()}/units`);
    expect(own.map((u) => u.number)).toEqual([
      units.find((u) => u.ownersEmails.includes('owner@example.com'))?.number,
    ]);
  });
});

describe('demo year of « Les Jardins du Parc »', () => {
  let admin: string;
  let units: UnitView[];
  const account = (number: string) => {
    const unit = units.find((u) => u.number === number);
    if (!unit?.aid) throw new Error(`no unit ${number}`);
    return getAs<AccountPage>(admin, `${base()}/accounts/${unit.aid}/transactions?pageSize=200`);
  };
  const kinds = (page: AccountPage) => page.lines.map((l) => l.transaction.kind);
  beforeAll(async () => {
    admin = await signIn(h, 'admin@example.com', demoPassword);
    units = await listAs<UnitView>(admin, `${base()}/units`);
  });

  it('has an applied budget with a contingency fund above 5 %, billed every month up to today', async () => {
    const budgets = await getAs<
      { status: string; applicationDate: string; contributions: { amount: number }[] }[]
    >(admin, `${base()}/budgets`);
    expect(budgets.map((b) => [b.status, b.applicationDate])).toEqual([['applied', year]]);
    const [fees = 0, fund = 0] = budgets[0]?.contributions.map((c) => c.amount) ?? [];
    expect(fund / (fees + fund)).toBeGreaterThanOrEqual(0.05);
    for (const u of units) {
      const fees = (await account(u.number)).lines.filter((l) => l.transaction.kind === 'unitMonthlyFee');
      expect(
        fees.map((l) => l.transaction.date),
        u.number,
      ).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01']);
    }
  });

  it('shows the demo owner unit 201 paid by the post-dated checks of the past months, the others waiting', async () => {
    const page = await account(demoPayers.postDatedChecks);
    expect(page.balance).toBe(0);
    expect(kinds(page).filter((k) => k === 'unitPayment')).toHaveLength(6);
    const checks = await getAs<CheckView[]>(admin, `${base()}/checks`);
    const waiting = checks.filter(
      (c) => c.unitNumber === demoPayers.postDatedChecks && c.status === 'recorded',
    );
    expect(waiting.map((c) => c.date)).toEqual([
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
    ]);
  });

  it('deposits the checks once a month, and one check came back with its fee, paid again in time', async () => {
    const deposits = await getAs<DepositView[]>(admin, `${base()}/deposits`);
    expect(deposits.map((d) => d.date).sort()).toEqual([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
      '2026-04-05',
      '2026-05-05',
      '2026-06-05',
    ]);
    expect(deposits.every((d) => d.items.length > 10)).toBe(true);
    const slip = await h.app.inject({
      method: 'GET',
      url: `${base()}/deposits/${deposits[0]?.uuid}/slip`,
      headers: { cookie: admin },
    });
    expect(slip.statusCode).toBe(200);
    const returned = await account(demoPayers.returnedCheck);
    expect(kinds(returned)).toEqual(
      expect.arrayContaining(['unitDepositReversal', 'unitDepositReversalFee', 'unitPayment']),
    );
    expect(returned.balance).toBe(0);
  });

  it('charges the late unit a late fee and interest for each month past its grace period, and nobody else', async () => {
    const late = await account(demoPayers.late);
    expect(kinds(late).filter((k) => k === 'unitLateFee')).toHaveLength(3);
    expect(kinds(late).filter((k) => k === 'unitInterestFee')).toHaveLength(3);
    expect(late.balance).toBeGreaterThan(0);
    for (const u of units.filter((u) => u.number !== demoPayers.late)) {
      const page = await account(u.number);
      expect(kinds(page), u.number).not.toContain('unitLateFee');
      expect(page.balance, u.number).toBe(0);
    }
    // The daily jobs of the first start find nothing more to bill or charge.
    const [jardins] = await h.platform.db
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, demoBuildings[0].ref));
    const scope = { buildingId: jardins?.id ?? '', fiscalYear: year };
    expect(await h.platform.db.transaction((tx) => billYear(tx, scope, today, 'fr-CA'))).toBe(0);
    expect(
      await h.platform.db.transaction((tx) =>
        chargePenalties(tx, scope, today, { kind: 'system', id: 'queue' }),
      ),
    ).toBe(0);
  });

  it('has the accountant writings: bank fees, transfers to the contingency fund account, the insurance premium', async () => {
    const accounts = await getAs<{ aid: number; name: string }[]>(admin, `${base()}/accounts`);
    const named = (name: string) => accounts.find((a) => a.name === name)?.aid;
    const insurance = await getAs<AccountPage>(
      admin,
      `${base()}/accounts/${named('Assurances')}/transactions`,
    );
    expect(insurance.lines.map((l) => l.transaction.kind)).toEqual(['accountantWriting']);
    const fees = await getAs<AccountPage>(
      admin,
      `${base()}/accounts/${named('Frais bancaires')}/transactions`,
    );
    expect(fees.lines.map((l) => l.transaction.kind)).toEqual(Array(5).fill('bankFee'));
    const fund = await getAs<AccountPage>(
      admin,
      `${base()}/accounts/${named('Compte du fonds de prévoyance')}/transactions`,
    );
    expect(fund.lines.map((l) => l.transaction.kind)).toEqual(['bankTransfer']);
  });
});
