import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingRole, LiveChange } from '@copro/domain';
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
import { eventStreams, sleep, type EventStream } from '../test/event-streams';
import { publish, type LiveEvent } from './events';

// DESIGN 3 "Live data": a stream gets only what its role may read. Each test has its own building.

let h: Harness;
let baseUrl: string;
const streams = eventStreams();

beforeAll(async () => {
  h = await createHarness();
  await h.platform.events.start(h.platform.database);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await streams.closeAll();
  h.app.server.closeAllConnections();
  await h.close();
});

/** A building with one user per role asked for. */
async function buildingWith<R extends BuildingRole>(
  roles: readonly R[],
): Promise<{ b: BuildingFixture; users: Record<R, TestUser> }> {
  const b = await createBuildingFixture(h);
  const users = {} as Record<R, TestUser>;
  for (const role of roles) {
    users[role] = await createUser(h, role);
    await grantBuildingRole(h, b, users[role], role);
  }
  return { b, users };
}

const buildingStream = (b: BuildingFixture, user: TestUser): Promise<EventStream> =>
  streams.open(`${baseUrl}/api/events?buildingRef=${encodeURIComponent(b.ref)}`, user);

const send = (b: BuildingFixture, collection: LiveEvent['collection'], ids: string[]) =>
  publish(h.platform.db, { buildingId: b.id, collection, ids });

/**
 * Publishes a change of the building itself, which every role reads, and waits for it on each
 * stream: whatever was published before it and is not there was not relayed.
 */
async function settle(b: BuildingFixture, ...on: EventStream[]): Promise<void> {
  const marker = `marker-${Math.random()}`;
  await send(b, 'building', [marker]);
  await Promise.all(on.map((s) => s.next((c) => c.ids.includes(marker))));
}

const withoutMarkers = (changes: LiveChange[]): LiveChange[] =>
  changes.filter((c) => !c.ids.some((id) => id.startsWith('marker-')));

describe('live events per role', () => {
  it('sends each stream only the collections its role reads, without the ids of records it may not see', async () => {
    const { b, users } = await buildingWith(['admin', 'owner', 'resident', 'handler'] as const);
    const [admin, owner, resident, handler] = await Promise.all([
      buildingStream(b, users.admin),
      buildingStream(b, users.owner),
      buildingStream(b, users.resident),
      buildingStream(b, users.handler),
    ]);

    // An invitation changes the building's users, which only user managers read.
    const invited = await as(h, users.admin).post(`/api/buildings/${b.ref}/invitations`, {
      email: 'newcomer@example.com',
      role: 'owner',
    });
    expect(invited.statusCode).toBe(201);
    await send(b, 'checks', ['check-1']);
    await send(b, 'transactions', ['transaction-1']);
    await send(b, 'units', ['unit-1']);
    await send(b, 'people', ['person-1']);
    await settle(b, admin, owner, resident, handler);

    expect(withoutMarkers(admin.changes)).toEqual([
      { collection: 'users', ids: [] },
      { collection: 'checks', ids: ['check-1'] },
      { collection: 'transactions', ids: ['transaction-1'] },
      { collection: 'units', ids: ['unit-1'] },
      { collection: 'people', ids: ['person-1'] },
    ]);
    // An owner reads their own units only: told units changed, not which.
    expect(withoutMarkers(owner.changes)).toEqual([
      { collection: 'units', ids: [] },
      { collection: 'people', ids: ['person-1'] },
    ]);
    expect(withoutMarkers(resident.changes)).toEqual([{ collection: 'people', ids: ['person-1'] }]);
    expect(withoutMarkers(handler.changes)).toEqual([
      { collection: 'units', ids: ['unit-1'] },
      { collection: 'people', ids: ['person-1'] },
    ]);
  });

  it("follows the building's policy: owners get the ledger's changes as their access to it allows", async () => {
    const { b, users } = await buildingWith(['admin', 'owner'] as const);
    const owner = await buildingStream(b, users.owner);

    await send(b, 'transactions', ['hidden']);
    const toSelf = await as(h, users.admin).patch(`/api/buildings/${b.ref}`, {
      ownersFinancesAccess: 'self',
    });
    expect(toSelf.statusCode).toBe(200);
    await send(b, 'transactions', ['own-unit-only']);
    // The stream reads the policy when the building's change reaches it: let it relay this one
    // before the policy changes again, as a page would on a machine of any speed.
    await settle(b, owner);
    const toAll = await as(h, users.admin).patch(`/api/buildings/${b.ref}`, { ownersFinancesAccess: 'all' });
    expect(toAll.statusCode).toBe(200);
    await send(b, 'transactions', ['all-of-them']);
    await settle(b, owner);

    expect(withoutMarkers(owner.changes).filter((c) => c.collection === 'transactions')).toEqual([
      { collection: 'transactions', ids: [] },
      { collection: 'transactions', ids: ['all-of-them'] },
    ]);
  });

  it("refreshes a page's permissions when the user's role changes, and relays what the new role reads", async () => {
    const { b, users } = await buildingWith(['admin', 'owner'] as const);
    const stream = await buildingStream(b, users.owner);

    await send(b, 'checks', ['before']);
    const changed = await as(h, users.admin).patch(`/api/buildings/${b.ref}/users/${users.owner.id}`, {
      role: 'accountant',
    });
    expect(changed.statusCode).toBe(200);
    expect(await stream.next((c) => c.collection === 'building')).toEqual({
      collection: 'building',
      ids: [b.id],
    });
    await send(b, 'checks', ['after']);
    await settle(b, stream);

    // An accountant reads checks but not the users: the change of role itself came as 'building'.
    expect(withoutMarkers(stream.changes)).toEqual([
      { collection: 'building', ids: [b.id] },
      { collection: 'checks', ids: ['after'] },
    ]);
  });

  it("tells the dashboard of a change of the user's own role, and nothing of other users", async () => {
    const { b, users } = await buildingWith(['admin', 'owner'] as const);
    const membershipsStream = (u: TestUser) => streams.open(`${baseUrl}/api/events/memberships`, u);
    const [admin, owner] = await Promise.all([
      membershipsStream(users.admin),
      membershipsStream(users.owner),
    ]);

    const invited = await as(h, users.admin).post(`/api/buildings/${b.ref}/invitations`, {
      email: 'someone-else@example.com',
      role: 'resident',
    });
    expect(invited.statusCode).toBe(201);
    await admin.next((c) => c.collection === 'users');
    await sleep(300);
    expect(owner.changes).toEqual([]);

    const changed = await as(h, users.admin).patch(`/api/buildings/${b.ref}/users/${users.owner.id}`, {
      role: 'resident',
    });
    expect(changed.statusCode).toBe(200);
    expect(await owner.next((c) => c.collection === 'memberships')).toEqual({
      buildingRef: b.ref,
      collection: 'memberships',
      ids: [],
    });
    await sleep(300);
    expect(owner.changes.map((c) => c.collection)).toEqual(['memberships']);
  });
});
