import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type BuildingFixture, type Harness, type TestUser } from '../../test/harness';
import {
  createRegistryBuilding,
  freshNumber,
  issueKeys,
  logsAbout,
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

const createPerson = (body: object = personBody('Roy')) => postCreated(h, admin, `${base}/people`, body);
const refused = (body: object, expected: string[]) => postRefused(h, admin, `${base}/people`, body, expected);

/** An address of exactly `length` characters before the domain, so the whole is `total` long. */
const emailOfLength = (total: number): string => `${'a'.repeat(total - '@example.test'.length)}@example.test`;

describe('people: validation', () => {
  it('takes valid emails of at most 100 characters, lowercased', async () => {
    await refused(personBody('Roy', ['not-an-email']), ['emails.0:validation.enterValidEmail']);
    await refused(personBody('Roy', ['ok@example.test', 'a@b']), ['emails.1:validation.enterValidEmail']);
    await refused(personBody('Roy', [emailOfLength(101)]), ['emails.0:validation.enterValidEmail']);
    const ok = await createPerson(
      personBody('Roy', [emailOfLength(100).toUpperCase().replace('EXAMPLE.TEST', 'Example.test')]),
    );
    expect(ok.emails).toEqual([emailOfLength(100)]);
  });

  it('takes at most 10 emails', async () => {
    const emails = Array.from({ length: 11 }, (_, i) => `p${i}@example.test`);
    await refused(personBody('Roy', emails), ['emails:validation.tooManyEmails']);
    expect((await createPerson(personBody('Roy', emails.slice(0, 10)))).emails).toHaveLength(10);
  });

  it('wants a phone with both its number (at most 30) and its type', async () => {
    await refused(personBody('Roy', [], { phones: [{ number: '514-555-0100' }] }), [
      'phones.0.type:validation.phoneNeedsType',
    ]);
    await refused(personBody('Roy', [], { phones: [{ number: '514-555-0100', type: 'pager' }] }), [
      'phones.0.type:validation.phoneNeedsType',
    ]);
    await refused(personBody('Roy', [], { phones: [{ type: 'cell' }] }), [
      'phones.0.number:validation.required',
    ]);
    await refused(personBody('Roy', [], { phones: [{ number: '1'.repeat(31), type: 'cell' }] }), [
      'phones.0.number:validation.tooLong',
    ]);
    await refused(personBody('Roy', [], { emergencyContact: { phone: '1'.repeat(31) } }), [
      'emergencyContact.phone:validation.tooLong',
    ]);
    const ok = await createPerson(
      personBody('Roy', [], { phones: [{ number: '1'.repeat(30), type: 'cell' }] }),
    );
    expect(ok.phones).toEqual([{ number: '1'.repeat(30), type: 'cell' }]);
  });

  it('holds names to 80 characters, notes to 2000 and address parts to their limits', async () => {
    await refused(personBody('x'.repeat(81)), ['lastName:validation.tooLong']);
    await refused(personBody('Roy', [], { firstName: 'x'.repeat(81) }), ['firstName:validation.tooLong']);
    await refused(personBody('Roy', [], { notes: 'x'.repeat(2001) }), ['notes:validation.tooLong']);
    await refused(personBody('Roy', [], { address: { zip: 'x'.repeat(31) } }), [
      'address.zip:validation.tooLong',
    ]);
    await refused(personBody('Roy', [], { emergencyContact: { name: 'x'.repeat(81) } }), [
      'emergencyContact.name:validation.tooLong',
    ]);
    await refused(personBody('Roy', [], { emergencyContact: { email: 'nope' } }), [
      'emergencyContact.email:validation.enterValidEmail',
    ]);
    await refused(personBody('Roy', [], { gender: 'X' }), ['gender:validation.invalidEnum']);
    const ok = await createPerson(
      personBody('x'.repeat(80), [], { firstName: 'y'.repeat(80), notes: 'n'.repeat(2000), gender: 'F' }),
    );
    expect(ok).toMatchObject({ lastName: 'x'.repeat(80), gender: 'F' });
  });

  it('names the missing fields', async () => {
    const res = await as(h, admin).post(`${base}/people`, {});
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res).sort()).toEqual(
      [
        'lastName:validation.required',
        'emails:validation.required',
        'phones:validation.required',
        'address:validation.required',
        'emergencyContact:validation.required',
      ].sort(),
    );
    await refused(personBody('   '), ['lastName:validation.required']);
  });

  it('validates an edit the same way and answers 404 for an unknown person', async () => {
    const person = await createPerson();
    const res = await as(h, admin).put(`${base}/people/${person.uuid}`, personBody('Roy', ['bad']));
    expect(issueKeys(res)).toEqual(['emails.0:validation.enterValidEmail']);
    const missing = await as(h, admin).put(
      `${base}/people/00000000-0000-4000-8000-000000000001`,
      personBody('Roy'),
    );
    expect(missing.statusCode).toBe(404);
    const badUuid = await as(h, admin).get(`${base}/people/not-a-uuid`);
    expect(badUuid.statusCode).toBe(400);
  });
});

describe('people: archive and audit', () => {
  it('logs creation, each changed field and archiving; unarchiving is an edit', async () => {
    const person = await createPerson(personBody('Roy', ['roy@example.test'], { firstName: 'Ana' }));
    const edit = await as(h, admin).put(
      `${base}/people/${person.uuid}`,
      personBody('Roy-Martin', ['roy@example.test'], { phones: [{ number: '555', type: 'home' }] }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(
      (await as(h, admin).post(`${base}/people/${person.uuid}/archive`, { archived: true })).json(),
    ).toMatchObject({
      archived: true,
    });
    expect(
      (await as(h, admin).get(`${base}/people`))
        .json()
        .items.find((p: { uuid: string }) => p.uuid === person.uuid),
    ).toMatchObject({ archived: true });
    await as(h, admin).post(`${base}/people/${person.uuid}/archive`, { archived: false });

    const logs = await logsAbout(h, b, person.uuid);
    expect(logs.map((l) => l.event)).toEqual([
      'personCreated',
      'personEdited',
      'personArchived',
      'personEdited',
    ]);
    expect(logs[0]?.message).toBe('person created: Ana Roy');
    expect(logs[1]?.changes).toEqual([
      { field: 'firstName', before: 'Ana', after: null },
      { field: 'lastName', before: 'Roy', after: 'Roy-Martin' },
      { field: 'phones', before: [], after: [{ number: '555', type: 'home' }] },
    ]);
    expect(logs[2]?.changes).toEqual([{ field: 'archived', before: false, after: true }]);
    expect(logs[3]?.changes).toEqual([{ field: 'archived', before: true, after: false }]);
  });

  it('keeps a person linked to a unit (any role) until the unit lets go or is archived', async () => {
    for (const role of ['owners', 'residents', 'proxies']) {
      const person = await createPerson();
      const unit = await as(h, admin).post(
        `${base}/units`,
        unitBody(freshNumber(), { [role]: [{ personUuid: person.uuid }] }),
      );
      expect(unit.statusCode, unit.body).toBe(201);
      const inUse = await as(h, admin).post(`${base}/people/${person.uuid}/archive`, { archived: true });
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().code).toBe('recordInUse');
      expect((await as(h, admin).get(`${base}/people/${person.uuid}`)).json().archived).toBe(false);
      expect((await logsAbout(h, b, person.uuid)).map((l) => l.event)).toEqual(['personCreated']);

      if (role === 'owners') {
        await as(h, admin).put(`${base}/units/${unit.json().uuid}`, unitBody());
      } else {
        await as(h, admin).post(`${base}/units/${unit.json().uuid}/archive`, { archived: true });
      }
      const freed = await as(h, admin).post(`${base}/people/${person.uuid}/archive`, { archived: true });
      expect(freed.statusCode, freed.body).toBe(200);
    }
  });

  it('keeps the emails of the units it owns in step, for every unit it owns', async () => {
    const person = await createPerson(personBody('Owner', ['one@example.test']));
    const coOwner = await createPerson(personBody('Co', ['co@example.test', 'ONE@example.test']));
    const owners = [{ personUuid: person.uuid }, { personUuid: coOwner.uuid }];
    const units = [
      (await as(h, admin).post(`${base}/units`, unitBody(freshNumber(), { owners }))).json(),
      (
        await as(h, admin).post(`${base}/units`, unitBody(freshNumber(), { owners: owners.slice(0, 1) }))
      ).json(),
    ];
    expect(units.map((u) => u.ownersEmails)).toEqual([
      ['co@example.test', 'one@example.test'],
      ['one@example.test'],
    ]);
    await as(h, admin).put(`${base}/people/${person.uuid}`, personBody('Owner', ['two@example.test']));
    const after = await Promise.all(units.map((u) => as(h, admin).get(`${base}/units/${u.uuid}`)));
    expect(after.map((r) => r.json().ownersEmails)).toEqual([
      ['co@example.test', 'one@example.test', 'two@example.test'],
      ['two@example.test'],
    ]);
  });
});
