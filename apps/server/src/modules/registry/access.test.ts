import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildingRoles, type GroupRole } from '@copro/domain';
import { building } from '../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantGroupRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import {
  bankBody,
  categoryBody,
  createDirectly,
  createMember,
  firstYear,
  freshNumber,
  lockerBody,
  logsOf,
  parkingBody,
  pdfUpload,
  personBody,
  postCreated,
  setYearArchived,
  supplierBody,
  unitBody,
  yearPath,
} from '../../test/registry-fixtures';
import { findRecord } from './records';

/**
 * SPEC 6 "Data by role" for every registry collection, writes by role, tenancy (another
 * building's records), and SPEC 4: an archived fiscal year is read-only.
 */

type Who =
  | (typeof buildingRoles)[number]
  | 'groupAdmin'
  | 'groupAccountantWrite'
  | 'groupAccountant'
  | 'groupHandler'
  | 'bannedAdmin';

const groupActors: [Who, GroupRole][] = [
  ['groupAdmin', 'admin'],
  ['groupAccountantWrite', 'accountantWrite'],
  ['groupAccountant', 'accountant'],
  ['groupHandler', 'handler'],
];

let h: Harness;
let b: BuildingFixture;
let other: BuildingFixture;
let otherAdmin: TestUser;
const users = new Map<Who, TestUser>();
const everyone: Who[] = [...buildingRoles, ...groupActors.map(([who]) => who), 'bannedAdmin'];
/** One record of each collection in `b`, and in `other`. */
const records = new Map<string, string>();
const otherRecords = new Map<string, string>();
let ownUnit: string;

const collections = {
  units: () => unitBody(),
  people: () => personBody('Someone'),
  parkings: () => parkingBody(),
  lockers: () => lockerBody(),
  suppliers: () => supplierBody('Supplier'),
  banks: () => bankBody('Bank'),
  categories: () => categoryBody('Category'),
} as const;
type CollectionName = keyof typeof collections;
const collectionNames = Object.keys(collections) as CollectionName[];

const financeReaders: Who[] = [
  'admin',
  'approverWrite',
  'approver',
  'accountantWrite',
  'accountant',
  'groupAdmin',
  'groupAccountantWrite',
  'groupAccountant',
  'bannedAdmin',
];
const financeWriters: Who[] = [
  'admin',
  'approverWrite',
  'accountantWrite',
  'groupAdmin',
  'groupAccountantWrite',
];

/** Who reads each collection in a building whose owners see no finances (the default). */
const readers: Record<CollectionName, Who[]> = {
  units: [...financeReaders, 'handler', 'groupHandler', 'owner'],
  people: everyone,
  parkings: financeReaders,
  lockers: financeReaders,
  suppliers: financeReaders,
  banks: financeReaders,
  categories: financeReaders,
};

const user = (who: Who): TestUser => {
  const u = users.get(who);
  if (!u) throw new Error(`no user ${who}`);
  return u;
};
const admin = () => user('admin');

async function createIn(target: BuildingFixture, by: TestUser, collection: CollectionName, body?: object) {
  return (await postCreated(h, by, `${yearPath(target)}/${collection}`, body ?? collections[collection]()))
    .uuid;
}

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, { selfServiceEditAccess: 'edit' });
  other = await createBuildingFixture(h);
  for (const role of buildingRoles) users.set(role, await createMember(h, b, role, role));
  for (const [who, role] of groupActors) {
    const u = await createUser(h, who);
    await grantGroupRole(h, b, u, role);
    users.set(who, u);
  }
  users.set('bannedAdmin', await createMember(h, b, 'bannedAdmin', 'admin', true));
  otherAdmin = await createMember(h, other, 'other-admin', 'admin');

  for (const collection of collectionNames) {
    records.set(collection, await createIn(b, admin(), collection));
    otherRecords.set(collection, await createIn(other, otherAdmin, collection));
  }
  const ownerPerson = await createIn(b, admin(), 'people', personBody('Owner', [user('owner').email]));
  ownUnit = await createIn(
    b,
    admin(),
    'units',
    unitBody(freshNumber(), { owners: [{ personUuid: ownerPerson }] }),
  );
});
afterAll(async () => h.close());

describe('data by role', () => {
  for (const collection of collectionNames) {
    it(`${collection}: read by exactly the roles SPEC 6 lists`, async () => {
      const base = yearPath(b);
      const outcome: string[] = [];
      for (const who of everyone) {
        const list = await as(h, user(who)).get(`${base}/${collection}`);
        const one = await as(h, user(who)).get(`${base}/${collection}/${records.get(collection)}`);
        const expected = readers[collection].includes(who) ? 200 : 403;
        // An owner reads the units list, but not a unit they do not own.
        const expectedOne = who === 'owner' && collection === 'units' ? 404 : expected;
        if (list.statusCode !== expected) outcome.push(`${who} list: ${list.statusCode}`);
        if (one.statusCode !== expectedOne) outcome.push(`${who} one: ${one.statusCode}`);
        if (list.statusCode === 200 && who !== 'owner') {
          expect(list.json().items.map((r: { uuid: string }) => r.uuid)).toContain(records.get(collection));
        }
      }
      expect(outcome).toEqual([]);
    });
  }

  it('shows an owner their own units only, and a resident nothing but people', async () => {
    const base = yearPath(b);
    const units = await as(h, user('owner')).get(`${base}/units`);
    expect(units.json().items.map((u: { uuid: string }) => u.uuid)).toEqual([ownUnit]);
    expect((await as(h, user('owner')).get(`${base}/units/${ownUnit}`)).statusCode).toBe(200);
    const everyUnit = (await as(h, admin()).get(`${base}/units`)).json();
    expect(everyUnit.total).toBeGreaterThan(1);
    for (const collection of collectionNames) {
      const res = await as(h, user('resident')).get(`${base}/${collection}`);
      expect(res.statusCode, collection).toBe(collection === 'people' ? 200 : 403);
    }
  });

  for (const access of ['none', 'self', 'all'] as const) {
    it(`opens suppliers, banks and categories to owners only when ownersFinancesAccess is all (${access})`, async () => {
      const place = await createBuildingFixture(h, { ownersFinancesAccess: access });
      const owner = await createMember(h, place, `owner-${access}`, 'owner');
      const expected = access === 'all' ? 200 : 403;
      for (const collection of ['suppliers', 'banks', 'categories']) {
        expect((await as(h, owner).get(`${yearPath(place)}/${collection}`)).statusCode, collection).toBe(
          expected,
        );
      }
      // Whatever the access, parkings and lockers stay closed and units are filtered.
      for (const collection of ['parkings', 'lockers']) {
        expect((await as(h, owner).get(`${yearPath(place)}/${collection}`)).statusCode).toBe(403);
      }
      expect((await as(h, owner).get(`${yearPath(place)}/units`)).json().items).toEqual([]);
    });
  }
});

/** An edit that changes something, to see whether a refused one changed nothing. */
const editOf = (collection: CollectionName) => ({
  ...collections[collection](),
  ...(collection === 'categories' ? { name: 'Edited' } : { notes: 'Edited' }),
});
const wasEdited = (data: Record<string, unknown>) => data.notes === 'Edited' || data.name === 'Edited';
/**
 * permissions-matrix.test.ts edits and archives as every building role, the group admin and
 * accountant and a banned admin; these are the group roles it leaves out, and one of each answer.
 */
const editors: Who[] = ['groupAccountantWrite', 'groupHandler', 'accountantWrite', 'accountant'];

describe('writes by role', () => {
  for (const collection of collectionNames) {
    it(`${collection}: created, edited and archived by finance writers only`, async () => {
      const base = yearPath(b);
      const scope = { buildingId: b.id, fiscalYear: firstYear };
      const outcome: string[] = [];
      for (const who of everyone) {
        const expected = financeWriters.includes(who);
        const created = await as(h, user(who)).post(`${base}/${collection}`, collections[collection]());
        if (created.statusCode !== (expected ? 201 : 403))
          outcome.push(`${who} create: ${created.statusCode}`);
        if (!editors.includes(who)) continue;
        const uuid = await createDirectly(h, b, collection, collections[collection]());
        const edited = await as(h, user(who)).put(`${base}/${collection}/${uuid}`, editOf(collection));
        if (edited.statusCode !== (expected ? 200 : 403)) outcome.push(`${who} edit: ${edited.statusCode}`);
        const archived = await as(h, user(who)).post(`${base}/${collection}/${uuid}/archive`, {
          archived: true,
        });
        if (archived.statusCode !== (expected ? 200 : 403))
          outcome.push(`${who} archive: ${archived.statusCode}`);
        const after = await findRecord(h.platform.db, scope, collection, uuid);
        if (!after || wasEdited(after.data) !== expected || after.archived !== expected) {
          outcome.push(`${who} left ${JSON.stringify({ archived: after?.archived, data: after?.data })}`);
        }
      }
      expect(outcome).toEqual([]);
    });
  }
});

describe('tenancy', () => {
  it("never reaches another building's records through this building's ref, nor that building without a role", async () => {
    const base = yearPath(b);
    for (const collection of collectionNames) {
      const uuid = otherRecords.get(collection) ?? '';
      expect((await as(h, admin()).get(`${base}/${collection}/${uuid}`)).statusCode, collection).toBe(404);
      expect(
        (await as(h, admin()).put(`${base}/${collection}/${uuid}`, collections[collection]())).statusCode,
      ).toBe(404);
      expect(
        (await as(h, admin()).post(`${base}/${collection}/${uuid}/archive`, { archived: true })).statusCode,
      ).toBe(404);
      const list = (await as(h, admin()).get(`${base}/${collection}`)).json().items as { uuid: string }[];
      expect(list.map((r) => r.uuid)).not.toContain(uuid);
      // Through the other building's own ref: not a member, so not found.
      expect((await as(h, admin()).get(`${yearPath(other)}/${collection}/${uuid}`)).statusCode).toBe(404);
      expect(
        (await as(h, admin()).post(`${yearPath(other)}/${collection}`, collections[collection]())).statusCode,
      ).toBe(404);
    }
    // A unit cannot name another building's person or parking.
    const res = await as(h, admin()).post(
      `${base}/units`,
      unitBody(freshNumber(), {
        owners: [{ personUuid: otherRecords.get('people') }],
        parkings: [otherRecords.get('parkings')],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(
      (await as(h, otherAdmin).get(`${yearPath(other)}/people/${otherRecords.get('people')}`)).json()
        .archived,
    ).toBe(false);
  });

  it('answers 404 for a fiscal year the building does not have, and 400 for one that is no date', async () => {
    for (const collection of collectionNames) {
      const unknownYear = yearPath(b, '2025-01-01');
      expect((await as(h, admin()).get(`${unknownYear}/${collection}`)).statusCode).toBe(404);
      expect(
        (await as(h, admin()).post(`${unknownYear}/${collection}`, collections[collection]())).statusCode,
      ).toBe(404);
    }
    expect((await as(h, admin()).get(`${yearPath(b, '2026-13-01')}/units`)).statusCode).toBe(400);
  });
});

describe('an archived fiscal year', () => {
  it('answers every write with 409 archivedFiscalYear and changes nothing, while reads still work', async () => {
    const place = await createBuildingFixture(h, { selfServiceEditAccess: 'edit' });
    const base = yearPath(place);
    const placeAdmin = await createMember(h, place, 'archived-admin', 'admin');
    const owner = await createMember(h, place, 'archived-owner', 'owner');
    const made = new Map<CollectionName, string>();
    for (const collection of collectionNames)
      made.set(collection, await createIn(place, placeAdmin, collection));
    const person = await createIn(place, placeAdmin, 'people', personBody('Owner', [owner.email]));
    const unit = await createIn(
      place,
      placeAdmin,
      'units',
      unitBody(freshNumber(), { owners: [{ personUuid: person }] }),
    );
    await h.platform.remoteConfig.set({ featureFlags: { voteShareEditing: true } });

    const snapshot = async () =>
      Promise.all(collectionNames.map(async (c) => (await as(h, placeAdmin).get(`${base}/${c}`)).json()));
    const before = await snapshot();
    const logsBefore = (await logsOf(h, place)).length;
    await setYearArchived(h, place, true);

    const writes: [string, () => ReturnType<ReturnType<typeof as>['get']>][] = [];
    for (const collection of collectionNames) {
      const uuid = made.get(collection) ?? '';
      writes.push(
        [
          `create ${collection}`,
          () => as(h, placeAdmin).post(`${base}/${collection}`, collections[collection]()),
        ],
        [
          `edit ${collection}`,
          () => as(h, placeAdmin).put(`${base}/${collection}/${uuid}`, collections[collection]()),
        ],
        [
          `archive ${collection}`,
          () => as(h, placeAdmin).post(`${base}/${collection}/${uuid}/archive`, { archived: true }),
        ],
      );
    }
    writes.push(
      [
        'self person',
        () =>
          as(h, owner).put(`${base}/people/${person}/self`, {
            lastName: 'New',
            phones: [],
            address: {},
            emergencyContact: {},
          }),
      ],
      [
        'self unit',
        () =>
          as(h, owner).put(`${base}/units/${unit}/self`, { insurance: { provider: 'X' }, waterHeater: {} }),
      ],
      ['upload proof', () => as(h, placeAdmin).put(`${base}/units/${unit}/insurance-proof`, pdfUpload())],
      ['delete proof', () => as(h, placeAdmin).delete(`${base}/units/${unit}/insurance-proof`)],
      [
        'vote shares',
        () =>
          as(h, placeAdmin).put(`${base}/vote-shares`, {
            units: [{ uuid: unit, voteShare: 0.5 }],
            parkings: [],
            lockers: [],
          }),
      ],
    );
    const outcome: string[] = [];
    for (const [name, call] of writes) {
      const res = await call();
      if (res.statusCode !== 409 || res.json().code !== 'archivedFiscalYear') {
        outcome.push(`${name}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(outcome).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await logsOf(h, place)).length).toBe(logsBefore);
    // The refused upload left no file behind.
    const files = await readdir(path.join(h.platform.config.filesDir, 'buildings', place.id), {
      recursive: true,
    }).catch(() => []);
    expect(files.filter((f) => String(f).endsWith('.pdf'))).toEqual([]);
    expect((await as(h, placeAdmin).get(`${base}/units/${unit}`)).statusCode).toBe(200);
    expect((await as(h, owner).get(`${base}/units`)).json().items).toHaveLength(1);

    // Brought back, the year takes writes again.
    await setYearArchived(h, place, false);
    expect((await as(h, placeAdmin).post(`${base}/people`, personBody('Later'))).statusCode).toBe(201);
    await h.platform.remoteConfig.set({});
  });

  it('answers writes with 409 creatingFiscalYear while a new year is being created', async () => {
    const base = yearPath(b);
    await h.platform.db.update(building).set({ creatingFiscalYear: true }).where(eq(building.id, b.id));
    try {
      const res = await as(h, admin()).post(`${base}/people`, personBody('During'));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('creatingFiscalYear');
      const edit = await as(h, admin()).put(`${base}/people/${records.get('people')}`, personBody('During'));
      expect(edit.json().code).toBe('creatingFiscalYear');
      expect((await as(h, admin()).get(`${base}/people`)).statusCode).toBe(200);
    } finally {
      await h.platform.db.update(building).set({ creatingFiscalYear: false }).where(eq(building.id, b.id));
    }
  });
});
