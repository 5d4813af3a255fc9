import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
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
import { LiveEventHub, publish, type LiveEvent } from './events';
import { eventStreams, sleep, type EventStream } from '../test/event-streams';

let h: Harness;
let baseUrl: string;
let buildingA: BuildingFixture;
let buildingB: BuildingFixture;
let adminA: TestUser;
let ownerA: TestUser;
let adminB: TestUser;
let outsider: TestUser;
const streams = eventStreams();
const openEventStream = streams.open;

/** Opens GET /api/events of a building as a browser would. */
const openStream = (buildingRef: string, user: TestUser | null, origin = baseUrl): Promise<EventStream> =>
  openEventStream(`${origin}/api/events?buildingRef=${encodeURIComponent(buildingRef)}`, user);

beforeAll(async () => {
  h = await createHarness();
  await h.platform.events.start(h.platform.database);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  baseUrl = `http://127.0.0.1:${address.port}`;

  buildingA = await createBuildingFixture(h);
  buildingB = await createBuildingFixture(h);
  [adminA, ownerA, adminB, outsider] = await Promise.all([
    createUser(h, 'admin-a'),
    createUser(h, 'owner-a'),
    createUser(h, 'admin-b'),
    createUser(h, 'outsider'),
  ]);
  await grantBuildingRole(h, buildingA, adminA, 'admin');
  await grantBuildingRole(h, buildingA, ownerA, 'owner');
  await grantBuildingRole(h, buildingB, adminB, 'admin');
});

afterAll(async () => {
  await streams.closeAll();
  // fetch's pool may hold connections it opened ahead and never used: they would hold the close until its keep-alive timeout.
  h.app.server.closeAllConnections();
  await h.close();
});

const listenersOf = (hub: LiveEventHub, buildingId: string): number =>
  (hub as unknown as { listeners: Map<string, Set<unknown>> }).listeners.get(buildingId)?.size ?? 0;

describe('live events', () => {
  it('tells every open page of the building what changed, and no other building', async () => {
    const [a1, a2, b] = await Promise.all([
      openStream(buildingA.ref, adminA),
      openStream(buildingA.ref, ownerA),
      openStream(buildingB.ref, adminB),
    ]);
    expect([a1.status, a2.status, b.status]).toEqual([200, 200, 200]);

    const res = await as(h, adminA).patch(`/api/buildings/${buildingA.ref}`, { name: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Renamed');

    const expected = { collection: 'building', ids: [buildingA.id] };
    expect(await a1.next((c) => c.collection === 'building')).toEqual(expected);
    expect(await a2.next((c) => c.collection === 'building')).toEqual(expected);
    await sleep(500);
    expect(b.changes).toEqual([]);
    expect(a1.changes).toEqual([expected]);
    a1.close();
    a2.close();
    b.close();
  });

  it('publishes nothing for a refused or rolled-back change', async () => {
    const stream = await openStream(buildingA.ref, adminA);

    const invalid = await as(h, adminA).patch(`/api/buildings/${buildingA.ref}`, { name: '' });
    expect(invalid.statusCode).toBe(400);
    const forbidden = await as(h, ownerA).patch(`/api/buildings/${buildingA.ref}`, { name: 'Not allowed' });
    expect(forbidden.statusCode).toBe(403);
    await expect(
      h.platform.db.transaction(async (tx) => {
        await publish(tx, { buildingId: buildingA.id, collection: 'people', ids: ['x'] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed one after them: when it arrives, anything published before it would have too.
    await h.platform.db.transaction(async (tx) => {
      await publish(tx, { buildingId: buildingA.id, collection: 'banks', ids: ['y'] });
    });

    await stream.next((c) => c.collection === 'banks');
    expect(stream.changes).toEqual([{ collection: 'banks', ids: ['y'] }]);
    stream.close();
  });

  it('names no ids when a change touches too many to fit in a notification', async () => {
    // An admin reads every unit, so only the size of the change can take the ids away.
    const stream = await openStream(buildingA.ref, adminA);
    const ids = Array.from(
      { length: 500 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await publish(h.platform.db, { buildingId: buildingA.id, collection: 'units', ids });
    expect(await stream.next((c) => c.collection === 'units')).toEqual({ collection: 'units', ids: [] });
    stream.close();
  });

  it('refuses the stream of a building to a non-member (not found) and to an anonymous caller', async () => {
    const notMember = await openStream(buildingA.ref, outsider);
    expect(notMember.status).toBe(404);
    const fromOtherBuilding = await openStream(buildingA.ref, adminB);
    expect(fromOtherBuilding.status).toBe(404);
    const anonymous = await openStream(buildingA.ref, null);
    expect(anonymous.status).toBe(401);
    const unknownBuilding = await openStream('no-such-building', adminA);
    expect(unknownBuilding.status).toBe(404);
  });

  it('stops writing to a page that closed its stream', async () => {
    const closing = await openStream(buildingB.ref, adminB);
    const staying = await openStream(buildingB.ref, adminB);
    closing.close();
    await closing.ended;
    await sleep(100);
    await publish(h.platform.db, { buildingId: buildingB.id, collection: 'suppliers', ids: [] });
    await staying.next((c) => c.collection === 'suppliers');
    expect(closing.changes).toEqual([]);
    // The hub keeps no listener for a closed page: the one left is the open one.
    expect(listenersOf(h.platform.events, buildingB.id)).toBe(1);
    staying.close();
  });

  it('ends the open streams when the server closes, instead of waiting for every page to leave', async () => {
    // A second app on the same platform, so closing it leaves the other tests' app alone.
    const { app } = await buildApp(h.platform);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const stream = await openStream(buildingA.ref, adminA, `http://127.0.0.1:${port}`);
    expect(stream.status).toBe(200);
    expect(listenersOf(h.platform.events, buildingA.id)).toBe(1);

    const outcome = await Promise.race([
      app.close().then(() => 'closed'),
      sleep(2000).then(() => 'still waiting'),
    ]);
    expect(outcome).toBe('closed');
    expect(await Promise.race([stream.ended.then(() => 'ended'), sleep(500).then(() => 'still open')])).toBe(
      'ended',
    );
    await sleep(50);
    expect(listenersOf(h.platform.events, buildingA.id)).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reaches another server instance on the same PostgreSQL database',
    async () => {
      const url = h.platform.database.url;
      expect(url).toBeTruthy();
      let other: Database | null = null;
      const otherHub = new LiveEventHub();
      try {
        other = await openDatabase({ url });
        await otherHub.start(other);
        const received: LiveEvent[] = [];
        otherHub.subscribe(buildingA.id, (event) => received.push(event));

        const res = await as(h, adminA).patch(`/api/buildings/${buildingA.ref}`, {
          name: 'Renamed on instance one',
        });
        expect(res.statusCode).toBe(200);
        const deadline = Date.now() + 2000;
        while (received.length === 0 && Date.now() < deadline) await sleep(20);
        expect(received).toEqual([{ buildingId: buildingA.id, collection: 'building', ids: [buildingA.id] }]);
      } finally {
        await otherHub.stop();
        await other?.close();
      }
    },
  );

  it('streams the changes of every building the user reaches on one connection, for the dashboard', async () => {
    const both = await createUser(h, 'both');
    await grantBuildingRole(h, buildingA, both, 'owner');
    await grantBuildingRole(h, buildingB, both, 'resident');
    const mine = await openEventStream(`${baseUrl}/api/events/memberships`, both);
    const outsiders = await openEventStream(`${baseUrl}/api/events/memberships`, outsider);
    expect([mine.status, outsiders.status]).toEqual([200, 200]);

    await as(h, adminB).patch(`/api/buildings/${buildingB.ref}`, { name: 'B renamed' });
    expect(await mine.next((c) => c.collection === 'building')).toEqual({
      buildingRef: buildingB.ref,
      collection: 'building',
      ids: [buildingB.id],
    });
    await as(h, adminA).patch(`/api/buildings/${buildingA.ref}/users/${both.id}`, { role: 'approver' });
    expect(await mine.next((c) => c.collection === 'users')).toMatchObject({ buildingRef: buildingA.ref });
    await sleep(300);
    expect(outsiders.changes).toEqual([]);

    const anonymous = await openEventStream(`${baseUrl}/api/events/memberships`, null);
    expect(anonymous.status).toBe(401);
    mine.close();
    outsiders.close();
  });

  it('ends the stream of a member removed from the building, and relays nothing more to it', async () => {
    const leaving = await createUser(h, 'leaving');
    await grantBuildingRole(h, buildingA, leaving, 'resident');
    const stream = await openStream(buildingA.ref, leaving);
    expect(stream.status).toBe(200);

    const removed = await as(h, adminA).delete(`/api/buildings/${buildingA.ref}/users/${leaving.id}`);
    expect(removed.statusCode).toBe(200);
    await Promise.race([
      stream.ended,
      sleep(3000).then(() => Promise.reject(new Error('the stream stayed open'))),
    ]);
    await as(h, adminA).patch(`/api/buildings/${buildingA.ref}`, { name: 'After the removal' });
    await sleep(300);
    expect(stream.changes).toEqual([]);
  });
});
