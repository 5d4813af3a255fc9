import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type BuildingFixture, type Harness, type TestUser } from '../../test/harness';
import {
  createRegistryBuilding,
  freshNumber,
  issueKeys,
  lockerBody,
  logsAbout,
  parkingBody,
  personBody,
  postCreated,
  postRefused,
  unitBody,
} from '../../test/registry-fixtures';

let h: Harness, b: BuildingFixture, admin: TestUser, base: string;
beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding());
});
afterAll(async () => h.close());

const kinds = [
  { collection: 'parkings', entity: 'parking', body: parkingBody },
  { collection: 'lockers', entity: 'locker', body: lockerBody },
] as const;

const create = (collection: string, body: object) =>
  postCreated<{ uuid: string; number: string } & Record<string, unknown>>(
    h,
    admin,
    `${base}/${collection}`,
    body,
  );

for (const { collection, entity, body } of kinds) {
  describe(collection, () => {
    const refused = (payload: object, expected: string[]) =>
      postRefused(h, admin, `${base}/${collection}`, payload, expected);

    it('creates one with its fields and a monthly contribution of zero', async () => {
      const created = await create(
        collection,
        body(undefined, { cadastreNumber: '1 234 567', notes: 'near the door' }),
      );
      expect(created).toMatchObject({
        cadastreNumber: '1 234 567',
        notes: 'near the door',
        voteShare: 0.001,
        monthlyContributions: 0,
        archived: false,
        fiscalYear: '2026-01-01',
      });
      expect(created).not.toHaveProperty('aid');
      const read = await as(h, admin).get(`${base}/${collection}/${created.uuid}`);
      expect(read.json()).toEqual(created);
    });

    it('validates the number, vote share, cadastre number and notes', async () => {
      await refused(body('x'.repeat(31)), ['number:validation.tooLong']);
      await refused(body(' '), ['number:validation.required']);
      await refused({ ...body(), number: undefined }, ['number:validation.required']);
      await refused(body(undefined, { voteShare: -0.1 }), ['voteShare:validation.mustBePositive']);
      await refused(body(undefined, { voteShare: 1.5 }), ['voteShare:validation.mustBeLessThan100']);
      await refused(body(undefined, { cadastreNumber: 'x'.repeat(31) }), [
        'cadastreNumber:validation.tooLong',
      ]);
      await refused(body(undefined, { notes: 'x'.repeat(2001) }), ['notes:validation.tooLong']);
      const missing = await as(h, admin).post(`${base}/${collection}`, { number: 'Z1' });
      expect(issueKeys(missing).sort()).toEqual(
        [
          'voteShare:validation.required',
          'noMonthlyFees:validation.required',
          ...(collection === 'parkings' ? ['renter:validation.required'] : []),
        ].sort(),
      );
      expect((await as(h, admin).post(`${base}/${collection}`, body('x'.repeat(30)))).statusCode).toBe(201);
    });

    it('refuses a number already used in the year with 409 numberTaken', async () => {
      const number = `N${freshNumber()}`;
      await create(collection, body(number));
      const dup = await as(h, admin).post(`${base}/${collection}`, body(number));
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({
        code: 'numberTaken',
        issues: [{ path: ['number'], key: 'registry.numberTaken' }],
      });
      // Surrounding spaces do not make a new number.
      expect((await as(h, admin).post(`${base}/${collection}`, body(` ${number} `))).statusCode).toBe(409);
    });

    it('keeps one assigned to a unit until the unit lets it go', async () => {
      const record = await create(collection, body());
      const unit = await as(h, admin).post(
        `${base}/units`,
        unitBody(freshNumber(), { [collection]: [record.uuid] }),
      );
      expect(unit.statusCode, unit.body).toBe(201);
      const inUse = await as(h, admin).post(`${base}/${collection}/${record.uuid}/archive`, {
        archived: true,
      });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().code).toBe('recordInUse');
      await as(h, admin).put(`${base}/units/${unit.json().uuid}`, unitBody());
      const freed = await as(h, admin).post(`${base}/${collection}/${record.uuid}/archive`, {
        archived: true,
      });
      expect(freed.statusCode, freed.body).toBe(200);
      expect(freed.json().archived).toBe(true);
    });

    it('logs creation, each changed field, archiving and unarchiving', async () => {
      const record = await create(collection, body(undefined, { notes: 'a' }));
      const edit = await as(h, admin).put(`${base}/${collection}/${record.uuid}`, {
        ...body(),
        notes: 'b',
        noMonthlyFees: true,
        cadastreNumber: '42',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      // The number and vote share are kept by an edit.
      expect(edit.json()).toMatchObject({ number: record.number, voteShare: 0.001, notes: 'b' });
      await as(h, admin).post(`${base}/${collection}/${record.uuid}/archive`, { archived: true });
      await as(h, admin).post(`${base}/${collection}/${record.uuid}/archive`, { archived: false });
      const logs = await logsAbout(h, b, record.uuid);
      expect(logs.map((l) => l.event)).toEqual([
        `${entity}Created`,
        `${entity}Edited`,
        `${entity}Archived`,
        `${entity}Edited`,
      ]);
      expect(logs[0]?.message).toBe(`${entity} created: ${record.number}`);
      expect(logs[1]?.changes).toEqual([
        { field: 'cadastreNumber', before: null, after: '42' },
        { field: 'noMonthlyFees', before: false, after: true },
        { field: 'notes', before: 'a', after: 'b' },
      ]);
      expect(logs[3]?.changes).toEqual([{ field: 'archived', before: true, after: false }]);
    });
  });
}

describe('parking renters', () => {
  it('rents to a person and/or a unit of the year, which must exist', async () => {
    const nobody = '00000000-0000-4000-8000-000000000001';
    const person = await as(h, admin).post(`${base}/people`, personBody('Renter'));
    const unit = await as(h, admin).post(`${base}/units`, unitBody());
    const both = await as(h, admin).post(
      `${base}/parkings`,
      parkingBody(undefined, { renter: { personUuid: person.json().uuid, unitUuid: unit.json().uuid } }),
    );
    expect(both.statusCode, both.body).toBe(201);
    const missing = await as(h, admin).post(
      `${base}/parkings`,
      parkingBody(undefined, { renter: { personUuid: nobody, unitUuid: nobody } }),
    );
    expect(missing.statusCode).toBe(400);
    expect(issueKeys(missing)).toEqual([
      'renter.personUuid:registry.recordMissing',
      'renter.unitUuid:registry.recordMissing',
    ]);
    // A unit's uuid is not a person's.
    const swapped = await as(h, admin).post(
      `${base}/parkings`,
      parkingBody(undefined, { renter: { personUuid: unit.json().uuid } }),
    );
    expect(issueKeys(swapped)).toEqual(['renter.personUuid:registry.recordMissing']);
  });

  it('lets a parking and a locker share a number', async () => {
    const number = `S${freshNumber()}`;
    await create('parkings', parkingBody(number));
    await create('lockers', lockerBody(number));
  });
});
