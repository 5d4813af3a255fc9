import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type BuildingFixture, type Harness, type TestUser } from '../../test/harness';
import {
  createMember,
  createRegistryBuilding,
  freshNumber,
  logsAbout,
  personBody,
  postCreated,
  unitBody,
} from '../../test/registry-fixtures';

/**
 * DOMAIN 6 privacy (Quebec's private-sector privacy law): owners and residents read the directory
 * as names and units, plus the emails or phones each person chose to share; managers and staff read
 * every record in full. The person changes their own choice; managers change anyone's.
 */

let h: Harness, b: BuildingFixture, admin: TestUser, base: string;
let owner: TestUser, resident: TestUser, accountant: TestUser, handler: TestUser;
/** Shares nothing; owns unit 12. */
let quiet: string;
/** Shares their emails, not their phones; resident of unit 12. */
let open: string;
/** The owner user's own record; owner of `ownUnit`. */
let ownerPerson: string;
let ownUnit: string;
let archived: string;

const contact = (lastName: string, email: string, extra: Record<string, unknown> = {}) =>
  personBody(lastName, [email], {
    firstName: 'Ana',
    phones: [{ number: '514-555-0100', type: 'cell' }],
    address: { street: '1 rue des Pins', city: 'Montréal' },
    gender: 'F',
    locale: 'fr-CA',
    notes: 'Pays late',
    emergencyContact: { name: 'Léa', phone: '514-555-0199' },
    ...extra,
  });

const metaKeys = ['uuid', 'fiscalYear', 'archived', 'createdAt', 'updatedAt'];

beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding({ settings: { selfServiceEditAccess: 'edit' } }));
  owner = await createMember(h, b, 'owner', 'owner');
  resident = await createMember(h, b, 'resident', 'resident');
  accountant = await createMember(h, b, 'accountant', 'accountant');
  handler = await createMember(h, b, 'handler', 'handler');
  const create = async (body: object) => (await postCreated(h, admin, `${base}/people`, body)).uuid;
  quiet = await create(contact('Quiet', 'quiet@example.test'));
  open = await create(contact('Open', 'open@example.test', { sharesEmails: true }));
  ownerPerson = await create(contact('Owner', owner.email));
  archived = await create(contact('Gone', 'gone@example.test'));
  await as(h, admin).post(`${base}/people/${archived}/archive`, { archived: true });
  await postCreated(
    h,
    admin,
    `${base}/units`,
    unitBody('12', { owners: [{ personUuid: quiet }], residents: [{ personUuid: open }] }),
  );
  ownUnit = (
    await postCreated(
      h,
      admin,
      `${base}/units`,
      unitBody(freshNumber(), { owners: [{ personUuid: ownerPerson }] }),
    )
  ).uuid;
});
afterAll(async () => h.close());

type Entry = Record<string, unknown> & { uuid: string };
const directoryOf = async (user: TestUser): Promise<Entry[]> => {
  const res = await as(h, user).get(`${base}/people`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Entry[];
};
const entry = async (user: TestUser, uuid: string): Promise<Entry | undefined> =>
  (await directoryOf(user)).find((p) => p.uuid === uuid);

describe('the directory owners and residents read', () => {
  for (const who of ['owner', 'resident'] as const) {
    it(`gives ${who}s the name and units only of a person who shares nothing`, async () => {
      const user = who === 'owner' ? owner : resident;
      const listed = await entry(user, quiet);
      expect(Object.keys(listed ?? {}).sort()).toEqual(
        [...metaKeys, 'firstName', 'lastName', 'units'].sort(),
      );
      expect(listed).toMatchObject({
        firstName: 'Ana',
        lastName: 'Quiet',
        units: [{ number: '12', role: 'owner' }],
      });
      const one = await as(h, user).get(`${base}/people/${quiet}`);
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(listed);
      // Nothing the person did not share is anywhere in the answer.
      const body = (await as(h, user).get(`${base}/people`)).body;
      for (const secret of [
        'quiet@example.test',
        '514-555-0100',
        'rue des Pins',
        'Pays late',
        'Léa',
        'fr-CA',
      ]) {
        expect(body).not.toContain(secret);
      }
    });

    it(`gives ${who}s the emails of a person who shares them, and nothing more`, async () => {
      const listed = await entry(who === 'owner' ? owner : resident, open);
      expect(listed).toMatchObject({
        lastName: 'Open',
        emails: ['open@example.test'],
        units: [{ number: '12', role: 'resident' }],
      });
      expect(listed).not.toHaveProperty('phones');
      expect(listed).not.toHaveProperty('address');
      expect(listed).not.toHaveProperty('gender');
    });

    it(`leaves archived people out of the directory ${who}s read`, async () => {
      const user = who === 'owner' ? owner : resident;
      expect(await entry(user, archived)).toBeUndefined();
      expect((await as(h, user).get(`${base}/people/${archived}`)).statusCode).toBe(404);
    });
  }

  it('gives managers and staff every field of every person, archived ones too', async () => {
    for (const user of [admin, accountant, handler]) {
      const listed = await entry(user, quiet);
      expect(listed).toMatchObject({
        emails: ['quiet@example.test'],
        phones: [{ number: '514-555-0100', type: 'cell' }],
        address: { street: '1 rue des Pins', city: 'Montréal' },
        gender: 'F',
        locale: 'fr-CA',
        notes: 'Pays late',
        emergencyContact: { name: 'Léa', phone: '514-555-0199' },
        sharesEmails: false,
        sharesPhones: false,
        units: [{ number: '12', role: 'owner' }],
      });
      expect(await entry(user, archived)).toMatchObject({ archived: true, emails: ['gone@example.test'] });
    }
  });

  it("gives a person their own record in full, and the owner their unit's people by name", async () => {
    const mine = await as(h, owner).get(`${base}/people/mine`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      expect.objectContaining({ uuid: ownerPerson, emails: [owner.email], address: expect.any(Object) }),
    ]);
    expect((await as(h, resident).get(`${base}/people/mine`)).json()).toEqual([]);
    const units = await as(h, owner).get(`${base}/units`);
    expect(units.json().items.map((u: { uuid: string }) => u.uuid)).toEqual([ownUnit]);
  });
});

describe("what an owner reads of their unit's owners", () => {
  it('is their own email among the owners’ emails; managers read them all', async () => {
    const coOwner = (await postCreated(h, admin, `${base}/people`, contact('Co', 'co-owner@example.test')))
      .uuid;
    const shared = (
      await postCreated(
        h,
        admin,
        `${base}/units`,
        unitBody(freshNumber(), { owners: [{ personUuid: ownerPerson }, { personUuid: coOwner }] }),
      )
    ).uuid;
    const asOwner = await as(h, owner).get(`${base}/units/${shared}`);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().ownersEmails).toEqual([owner.email]);
    const listed = (await as(h, owner).get(`${base}/units`)).body;
    expect(listed).not.toContain('co-owner@example.test');
    const asAdmin = await as(h, admin).get(`${base}/units/${shared}`);
    expect(asAdmin.json().ownersEmails).toEqual(['co-owner@example.test', owner.email].sort());
  });
});

describe('the sharing choice', () => {
  const selfBody = (extra: Record<string, unknown>) => ({
    lastName: 'Owner',
    firstName: 'Ana',
    phones: [{ number: '514-555-0100', type: 'cell' }],
    address: {},
    emergencyContact: {},
    ...extra,
  });

  it('is changed by the person through self-service, and the directory follows', async () => {
    expect((await entry(resident, ownerPerson))?.emails).toBeUndefined();
    const saved = await as(h, owner).put(
      `${base}/people/${ownerPerson}/self`,
      selfBody({ sharesEmails: true, sharesPhones: true }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sharesEmails: true, sharesPhones: true, emails: [owner.email] });
    expect(await entry(resident, ownerPerson)).toMatchObject({
      emails: [owner.email],
      phones: [{ number: '514-555-0100', type: 'cell' }],
    });
    const logged = (await logsAbout(h, b, ownerPerson)).at(-1);
    expect(logged?.changes).toEqual(
      expect.arrayContaining([{ field: 'sharesEmails', before: false, after: true }]),
    );

    // Taken back, the directory forgets it.
    await as(h, owner).put(`${base}/people/${ownerPerson}/self`, selfBody({}));
    expect(await entry(resident, ownerPerson)).not.toHaveProperty('emails');
  });

  it('is changed by nobody else but managers', async () => {
    // Another user may not edit this person as their own, nor edit people at all.
    for (const user of [resident, owner]) {
      const self = await as(h, user).put(`${base}/people/${quiet}/self`, selfBody({ sharesEmails: true }));
      expect(self.statusCode).toBe(403);
      const edit = await as(h, user).put(
        `${base}/people/${quiet}`,
        contact('Quiet', 'quiet@example.test', { sharesEmails: true }),
      );
      expect(edit.statusCode).toBe(403);
    }
    const byAccountant = await as(h, accountant).put(
      `${base}/people/${quiet}`,
      contact('Quiet', 'quiet@example.test', { sharesEmails: true }),
    );
    expect(byAccountant.statusCode).toBe(403);
    expect(await entry(owner, quiet)).not.toHaveProperty('emails');

    const byManager = await as(h, admin).put(
      `${base}/people/${quiet}`,
      contact('Quiet', 'quiet@example.test', { sharesPhones: true }),
    );
    expect(byManager.statusCode, byManager.body).toBe(200);
    const listed = await entry(owner, quiet);
    expect(listed).toMatchObject({ phones: [{ number: '514-555-0100', type: 'cell' }] });
    expect(listed).not.toHaveProperty('emails');
  });
});
