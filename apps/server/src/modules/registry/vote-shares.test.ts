import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../platform/events';
import {
  as,
  createUser,
  grantBuildingRole,
  grantGroupRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import {
  createRegistryBuilding,
  issueKeys,
  lockerBody,
  logsOf,
  parkingBody,
  postCreated,
  unitBody,
} from '../../test/registry-fixtures';

let h: Harness, b: BuildingFixture, admin: TestUser, base: string;
const events: LiveEvent[] = [];

beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding({ events }));
});
afterAll(async () => h.close());

const setFlag = (voteShareEditing: boolean) =>
  h.platform.remoteConfig.set({ featureFlags: { voteShareEditing } });
beforeEach(async () => setFlag(true));

const create = (collection: string, body: object) =>
  postCreated<{ uuid: string; number: string }>(h, admin, `${base}/${collection}`, body);
const shareOf = async (collection: string, uuid: string): Promise<number> =>
  (await as(h, admin).get(`${base}/${collection}/${uuid}`)).json().voteShare;
const waitFor = async (done: () => boolean) => {
  const deadline = Date.now() + 2000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};
const noShares = { units: [], parkings: [], lockers: [] };

describe('vote shares', () => {
  it('are behind the voteShareEditing flag', async () => {
    const unit = await create('units', unitBody());
    await setFlag(false);
    const res = await as(h, admin).put(`${base}/vote-shares`, {
      ...noShares,
      units: [{ uuid: unit.uuid, voteShare: 0.2 }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await shareOf('units', unit.uuid)).toBe(0.01);
    await setFlag(true);
    expect((await as(h, admin).put(`${base}/vote-shares`, noShares)).statusCode).toBe(200);
  });

  it('saves the shares of units, parkings and lockers together, to 8 digits, and logs each change', async () => {
    const unit = await create('units', unitBody());
    const parking = await create('parkings', parkingBody());
    const locker = await create('lockers', lockerBody());
    const logCount = (await logsOf(h, b)).length;
    // Creations publish too: wait for them, then look only at what the save publishes.
    await waitFor(() => events.some((e) => e.collection === 'lockers' && e.ids.includes(locker.uuid)));
    const seen = events.length;
    const res = await as(h, admin).put(`${base}/vote-shares`, {
      units: [{ uuid: unit.uuid, voteShare: 0.123456789 }],
      parkings: [{ uuid: parking.uuid, voteShare: 0.001 }],
      lockers: [{ uuid: locker.uuid, voteShare: 0.000000004 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // The parking's share was already 0.001: two changed.
    expect(res.json()).toEqual({ changed: 2 });
    expect(await shareOf('units', unit.uuid)).toBe(0.12345679);
    expect(await shareOf('parkings', parking.uuid)).toBe(0.001);
    expect(await shareOf('lockers', locker.uuid)).toBe(0);

    const logs = (await logsOf(h, b)).slice(logCount);
    expect(logs.map((l) => l.event)).toEqual(['voteSharesChanged']);
    expect(logs[0]?.source).toMatchObject({ kind: 'user', id: admin.id });
    expect(logs[0]?.metadata).toEqual({ fiscalYear: '2026-01-01' });
    expect(logs[0]?.changes).toEqual([
      { field: `units:${unit.number}`, before: 0.01, after: 0.12345679 },
      { field: `lockers:${locker.number}`, before: 0.001, after: 0 },
    ]);
    await waitFor(() => events.slice(seen).some((e) => e.collection === 'lockers'));
    expect(events.slice(seen)).toEqual([
      { buildingId: b.id, collection: 'units', ids: [unit.uuid] },
      { buildingId: b.id, collection: 'lockers', ids: [locker.uuid] },
    ]);

    // The same shares again change nothing and log nothing.
    const again = await as(h, admin).put(`${base}/vote-shares`, {
      ...noShares,
      units: [{ uuid: unit.uuid, voteShare: 0.123456789 }],
    });
    expect(again.json()).toEqual({ changed: 0 });
    expect((await logsOf(h, b)).length).toBe(logCount + 1);
  });

  it('refuses unknown records, records of the wrong kind and shares outside 0 to 1, saving none', async () => {
    const unit = await create('units', unitBody());
    const parking = await create('parkings', parkingBody());
    const unknown = await as(h, admin).put(`${base}/vote-shares`, {
      units: [
        { uuid: unit.uuid, voteShare: 0.3 },
        { uuid: '00000000-0000-4000-8000-000000000001', voteShare: 0.3 },
      ],
      parkings: [],
      lockers: [{ uuid: parking.uuid, voteShare: 0.3 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(issueKeys(unknown)).toEqual([
      'units.1.uuid:registry.recordMissing',
      'lockers.0.uuid:registry.recordMissing',
    ]);
    expect(await shareOf('units', unit.uuid)).toBe(0.01);

    const range = await as(h, admin).put(`${base}/vote-shares`, {
      units: [
        { uuid: unit.uuid, voteShare: -0.1 },
        { uuid: unit.uuid, voteShare: 1.1 },
      ],
      parkings: [],
      lockers: [],
    });
    expect(range.statusCode).toBe(400);
    expect(issueKeys(range)).toEqual([
      'units.0.voteShare:validation.mustBePositive',
      'units.1.voteShare:validation.mustBeLessThan100',
    ]);
    const twice = await as(h, admin).put(`${base}/vote-shares`, {
      units: [
        { uuid: unit.uuid, voteShare: 0.3 },
        { uuid: unit.uuid, voteShare: 0.4 },
      ],
      parkings: [],
      lockers: [],
    });
    expect(twice.statusCode).toBe(400);
    expect(issueKeys(twice)).toEqual(['units.1.uuid:registry.listedTwice']);
    expect(await shareOf('units', unit.uuid)).toBe(0.01);
    const missing = await as(h, admin).put(`${base}/vote-shares`, { units: [] });
    expect(issueKeys(missing).sort()).toEqual([
      'lockers:validation.required',
      'parkings:validation.required',
    ]);
  });

  it('are changed by finance writers only', async () => {
    const unit = await create('units', unitBody());
    const cases: [string, (u: TestUser) => Promise<void>, number][] = [
      ['approverWrite', (u) => grantBuildingRole(h, b, u, 'approverWrite'), 200],
      ['accountantWrite', (u) => grantBuildingRole(h, b, u, 'accountantWrite'), 200],
      ['groupAdmin', (u) => grantGroupRole(h, b, u, 'admin'), 200],
      ['groupAccountantWrite', (u) => grantGroupRole(h, b, u, 'accountantWrite'), 200],
      ['approver', (u) => grantBuildingRole(h, b, u, 'approver'), 403],
      ['accountant', (u) => grantBuildingRole(h, b, u, 'accountant'), 403],
      ['handler', (u) => grantBuildingRole(h, b, u, 'handler'), 403],
      ['owner', (u) => grantBuildingRole(h, b, u, 'owner'), 403],
      ['resident', (u) => grantBuildingRole(h, b, u, 'resident'), 403],
      ['groupAccountant', (u) => grantGroupRole(h, b, u, 'accountant'), 403],
      ['bannedAdmin', (u) => grantBuildingRole(h, b, u, 'admin', true), 403],
    ];
    const outcome: string[] = [];
    for (const [who, grant, expected] of cases) {
      const u = await createUser(h, who);
      await grant(u);
      const res = await as(h, u).put(`${base}/vote-shares`, {
        ...noShares,
        units: [{ uuid: unit.uuid, voteShare: 0.02 }],
      });
      if (res.statusCode !== expected) outcome.push(`${who}: ${res.statusCode}`);
    }
    expect(outcome).toEqual([]);
    expect(await shareOf('units', unit.uuid)).toBe(0.02);
  });
});
