import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { billingAccount, building, buildingUser } from '@copro/server/db/schema/index';
import { createHarness, signIn, type Harness } from '@copro/server/test/harness';
import { sharesAddUpToWhole } from '@copro/domain';
import { demoBuildings, demoPassword, demoUsers, seedDemo } from './demo';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('demo seed', () => {
  it('creates one billing account, a group of two buildings and a user per building role, once', async () => {
    expect(await seedDemo(h.platform)).toBe(true);
    expect(await seedDemo(h.platform)).toBe(false);
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
    const year = `${new Date().getUTCFullYear()}-01-01`;
    const url = (collection: string) =>
      `/api/buildings/${demoBuildings[0].ref}/fiscal-years/${year}/${collection}`;
    const admin = await signIn(h, 'admin@example.com', demoPassword);
    const get = async (cookie: string, collection: string) =>
      (await h.app.inject({ method: 'GET', url: url(collection), headers: { cookie } })).json();
    const units: { number: string; voteShare: number; ownersEmails: string[] }[] = await get(admin, 'units');
    expect(units).toHaveLength(24);
    expect(sharesAddUpToWhole(units.map((u) => u.voteShare))).toBe(true);
    expect((await get(admin, 'parkings')).length).toBeGreaterThan(0);
    expect((await get(admin, 'suppliers')).length).toBe(7);
    const owner = await signIn(h, 'owner@example.com', demoPassword);
    const own: { number: string }[] = await get(owner, 'units');
    expect(own.map((u) => u.number)).toEqual([
      units.find((u) => u.ownersEmails.includes('owner@example.com'))?.number,
    ]);
  });
});
