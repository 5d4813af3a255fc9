import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema/index';
import {
  as,
  createBuildingFixture,
  createHarness,
  createUser,
  grantBuildingRole,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import { eq } from 'drizzle-orm';

let h: Harness;
let b: BuildingFixture;
let admin: TestUser;
let owner: TestUser;
let resident: TestUser;
let base: string;

beforeAll(async () => {
  h = await createHarness();
  b = await createBuildingFixture(h, {}, { chart: true });
  admin = await createUser(h, 'admin');
  owner = await createUser(h, 'owner');
  resident = await createUser(h, 'resident');
  await grantBuildingRole(h, b, admin, 'admin');
  await grantBuildingRole(h, b, owner, 'owner');
  await grantBuildingRole(h, b, resident, 'resident');
  base = `/api/buildings/${b.ref}/fiscal-years/2026-01-01`;
});
afterAll(async () => h.close());

const emptyUnit = {
  owners: [],
  residents: [],
  proxies: [],
  parkings: [],
  lockers: [],
  automaticPayment: false,
  noMonthlyFees: false,
  insurance: {},
  waterHeater: {},
};
const person = (lastName: string, emails: string[] = []) => ({
  lastName,
  emails,
  phones: [],
  address: {},
  emergencyContact: {},
});

describe('units', () => {
  it('creates a unit with owners, keeps ownersEmails in step, and shows it only to its owner', async () => {
    const p1 = await as(h, admin).post(`${base}/people`, person('Tremblay', [owner.email]));
    expect(p1.statusCode).toBe(201);
    const p2 = await as(h, admin).post(`${base}/people`, person('Gagnon'));
    const parking = await as(h, admin).post(`${base}/parkings`, {
      number: 'P1',
      voteShare: 0.01,
      renter: {},
      noMonthlyFees: false,
    });
    expect(parking.statusCode).toBe(201);
    const unit = await as(h, admin).post(`${base}/units`, {
      ...emptyUnit,
      number: '101',
      voteShare: 0.5,
      owners: [{ personUuid: p1.json().uuid }],
      residents: [{ personUuid: p2.json().uuid }],
      parkings: [parking.json().uuid],
    });
    expect(unit.statusCode, unit.body).toBe(201);
    expect(unit.json()).toMatchObject({ number: '101', ownersEmails: [owner.email], parkingNumbers: ['P1'] });
    expect(unit.json().aid).toBeGreaterThan(28);

    const other = await as(h, admin).post(`${base}/units`, { ...emptyUnit, number: '102', voteShare: 0.5 });
    expect(other.statusCode).toBe(201);
    const dup = await as(h, admin).post(`${base}/units`, { ...emptyUnit, number: '102', voteShare: 0.5 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().issues[0]).toMatchObject({ path: ['number'], key: 'registry.numberTaken' });

    const seen = await as(h, owner).get(`${base}/units`);
    expect(seen.json().map((u: { number: string }) => u.number)).toEqual(['101']);
    expect((await as(h, owner).get(`${base}/units/${other.json().uuid}`)).statusCode).toBe(404);
    expect((await as(h, resident).get(`${base}/units`)).statusCode).toBe(403);

    const edited = await as(h, admin).put(
      `${base}/people/${p1.json().uuid}`,
      person('Tremblay', ['new@example.test']),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await as(h, admin).get(`${base}/units/${unit.json().uuid}`);
    expect(after.json().ownersEmails).toEqual(['new@example.test']);

    const logs = await h.platform.db.select().from(activityLog).where(eq(activityLog.buildingId, b.id));
    expect(logs.map((l) => l.event)).toEqual(
      expect.arrayContaining(['unitCreated', 'personEdited', 'parkingCreated']),
    );
    const personEdit = logs.find((l) => l.event === 'personEdited');
    expect(personEdit?.changes).toEqual([
      { field: 'emails', before: [owner.email], after: ['new@example.test'] },
    ]);
  });
});
