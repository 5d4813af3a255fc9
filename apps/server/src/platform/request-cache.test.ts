import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { billingAccount, building, buildingUser, fiscalYear, session, user } from '../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../test/harness';
import { createPlatform } from './platform';

// Issue 14: sessions, building access and fiscal years are served from memory, and a change,
// wherever it is made, shows on the very next request: through this instance, another instance
// on the same database, or SQL written straight into the database.

let h: Harness;
/** A second server instance on the same database (on PGlite: sharing its one connection). */
let other: Harness;

async function secondInstance(first: Harness): Promise<Harness> {
  const shared = first.platform.database;
  const database = shared.url ? await openDatabase({ url: shared.url }) : shared;
  const platform = await createPlatform(first.platform.config, database, () => {}, first.platform.clock);
  const { app, routeTable } = await buildApp(platform);
  await app.ready();
  return {
    app,
    platform,
    routeTable,
    async close() {
      await app.close();
      await platform.jobs.stop();
      if (database !== shared) await database.close();
    },
  };
}

beforeAll(async () => {
  h = await createHarness();
  other = await secondInstance(h);
});
afterAll(async () => {
  await other.close();
  await h.close();
});

/** Counts the statements sent through the platform's database client (its pool on PostgreSQL). */
function countQueries(database: Database): { count(): number; stop(): void } {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const spies = ['query', 'connect', 'transaction', 'exec']
    .filter((method) => typeof client[method] === 'function')
    .map((method) => vi.spyOn(client as Record<string, () => unknown>, method));
  return {
    count: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    stop: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

async function buildingWith(): Promise<{ b: BuildingFixture; admin: TestUser; member: TestUser }> {
  const b = await createBuildingFixture(h);
  const admin = await createUser(h, 'admin');
  const member = await createUser(h, 'member');
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, member, 'owner');
  return { b, admin, member };
}

const view = async (on: Harness, u: TestUser, b: BuildingFixture) => {
  const res = await as(on, u).get(`/api/buildings/${b.ref}`);
  return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : res.json().code };
};

describe('the request caches', () => {
  it('answer a signed-in building GET without a database statement once they hold it', async () => {
    const { b, admin, member } = await buildingWith();
    expect((await view(h, member, b)).status).toBe(200);
    expect((await view(h, admin, b)).status).toBe(200);
    const queries = countQueries(h.platform.database);
    try {
      for (let i = 0; i < 5; i++) expect((await view(h, member, b)).status).toBe(200);
      expect(queries.count()).toBe(0);
      // A year-scoped route finds the building's years in memory too: this one is not one of them.
      const year = await as(h, admin).get(`/api/buildings/${b.ref}/fiscal-years/2030-01-01/accounts`);
      expect(year.statusCode).toBe(404);
      expect(queries.count()).toBe(0);
    } finally {
      queries.stop();
    }
  });

  it('show a role change, a ban and a removal on the next request, on this instance and another', async () => {
    const { b, admin, member } = await buildingWith();
    for (const on of [h, other]) expect((await view(on, member, b)).body.role).toBe('owner');

    const role = await as(h, admin).patch(`/api/buildings/${b.ref}/users/${member.id}`, { role: 'handler' });
    expect(role.statusCode).toBe(200);
    for (const on of [h, other]) expect((await view(on, member, b)).body).toMatchObject({ role: 'handler' });

    // Made on the other instance this time.
    await as(other, admin).patch(`/api/buildings/${b.ref}/users/${member.id}`, { banned: true });
    for (const on of [h, other]) {
      const banned = await view(on, member, b);
      expect(banned.body).toMatchObject({ role: 'handler', banned: true });
      expect(banned.body.permissions).not.toContain('building.edit');
    }

    await as(h, admin).delete(`/api/buildings/${b.ref}/users/${member.id}`);
    for (const on of [h, other]) expect(await view(on, member, b)).toEqual({ status: 404, body: 'notFound' });
  });

  it('show a settings edit, a new fiscal year and an archived one on the next request, everywhere', async () => {
    const { b, admin } = await buildingWith();
    const yearRoute = `/api/buildings/${b.ref}/fiscal-years/2027-01-01/accounts`;
    for (const on of [h, other]) {
      expect((await view(on, admin, b)).body.building.name).toBe(`Building ${b.ref}`);
      expect((await as(on, admin).get(yearRoute)).statusCode).toBe(404);
    }

    await as(other, admin).patch(`/api/buildings/${b.ref}`, { name: 'Renamed' });
    for (const on of [h, other]) expect((await view(on, admin, b)).body.building.name).toBe('Renamed');

    // As the new-year job writes it.
    await h.platform.db
      .insert(fiscalYear)
      .values({ buildingId: b.id, startDate: '2027-01-01', endDate: '2027-12-31' });
    for (const on of [h, other]) {
      const years = (await view(on, admin, b)).body.fiscalYearList;
      expect(years.map((y: { startDate: string }) => y.startDate)).toEqual(['2027-01-01', '2026-01-01']);
      expect((await as(on, admin).get(yearRoute)).statusCode).toBe(200);
    }

    const archived = await as(h, admin).post(`/api/buildings/${b.ref}/fiscal-years/2026-01-01/archive`, {
      archived: true,
    });
    expect(archived.statusCode).toBe(200);
    for (const on of [h, other])
      expect((await view(on, admin, b)).body.fiscalYearList[1]).toMatchObject({ archived: true });
  });

  it('show what SQL written straight into the database changed, on the next request', async () => {
    const { b, admin, member } = await buildingWith();
    for (const on of [h, other]) expect((await view(on, member, b)).status).toBe(200);

    await h.platform.db.update(building).set({ name: 'By hand' }).where(eq(building.id, b.id));
    await h.platform.db
      .update(buildingUser)
      .set({ role: 'accountant' })
      .where(and(eq(buildingUser.buildingId, b.id), eq(buildingUser.userId, member.id)));
    for (const on of [h, other])
      expect((await view(on, member, b)).body).toMatchObject({
        role: 'accountant',
        building: { name: 'By hand' },
      });

    await h.platform.db
      .update(billingAccount)
      .set({ paidUntil: new Date('2020-01-01T00:00:00Z') })
      .where(eq(billingAccount.id, b.billingAccountId));
    for (const on of [h, other])
      expect(await view(on, member, b)).toEqual({ status: 402, body: 'paymentRequired' });

    await h.platform.db.update(user).set({ disabled: true }).where(eq(user.id, admin.id));
    for (const on of [h, other])
      expect(await view(on, admin, b)).toEqual({ status: 403, body: 'userDisabled' });
  });

  it('end a session signed out, revoked or switched to another language at once, everywhere', async () => {
    const { b, member } = await buildingWith();
    const notFound = async (on: Harness, u: TestUser) =>
      (await as(on, u).get('/api/buildings/no-such-building')).json().message as string;
    for (const on of [h, other]) expect(await notFound(on, member)).toBe('Not found.');

    expect((await as(other, member).put('/api/session/language', { language: 'fr' })).statusCode).toBe(200);
    for (const on of [h, other]) expect(await notFound(on, member)).toBe('Introuvable.');

    const signedOut = await as(h, member).post('/api/auth/sign-out', {});
    expect(signedOut.statusCode).toBe(200);
    for (const on of [h, other])
      expect(await view(on, member, b)).toEqual({ status: 401, body: 'unauthenticated' });

    // Revoked by hand (an operator ending every session of a user).
    const again = await createUser(h, 'revoked');
    await grantBuildingRole(h, b, again, 'resident');
    for (const on of [h, other]) expect((await view(on, again, b)).status).toBe(200);
    await h.platform.db.delete(session).where(eq(session.userId, again.id));
    for (const on of [h, other])
      expect(await view(on, again, b)).toEqual({ status: 401, body: 'unauthenticated' });
  });

  it('never let an altered session cookie reach a cached session', async () => {
    const { b, member } = await buildingWith();
    expect((await view(h, member, b)).status).toBe(200);
    // The same token with another signature: better-auth refuses it, so nothing cached answers it.
    const [name, value = ''] = member.cookie.split('=');
    const decoded = decodeURIComponent(value);
    const at = decoded.lastIndexOf('.') + 1;
    const forged = `${decoded.slice(0, at)}${decoded[at] === 'A' ? 'B' : 'A'}${decoded.slice(at + 1)}`;
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/buildings/${b.ref}`,
      headers: { cookie: `${name}=${encodeURIComponent(forged)}` },
    });
    expect(res.statusCode).toBe(401);
  });
});
