import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankDetails } from '../../../db/schema/index';
import { as, createHarness, createUser, grantBuildingRole, type Harness } from '../../../test/harness';
import { issueKeys } from '../../../test/registry-fixtures';
import { readBankDetails } from '../index';
import { eventsOf, payablesSetup, type PayablesSetup } from '../test-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const details = {
  institution: '815',
  transit: '30012',
  account: '1234567890123',
  holderName: 'Déneigement Nord inc.',
};

const detailsUrl = (s: PayablesSetup, owner: 'suppliers' | 'units', uuid: string) =>
  `/api/buildings/${s.b.ref}/${owner}/${uuid}/bank-details`;

const storedRows = (s: PayablesSetup) =>
  h.platform.db.select().from(bankDetails).where(eq(bankDetails.buildingId, s.b.id));

describe('bank details of suppliers and units', () => {
  it('refuses malformed numbers with the SPEC 5 messages', async () => {
    const s = await payablesSetup(h);
    const res = await as(h, s.admin).put(detailsUrl(s, 'suppliers', s.supplier.uuid), {
      institution: '81',
      transit: '3001a',
      account: '1234',
      holderName: 'X',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(issueKeys(res)).toEqual([
      'institution:validation.mustBe3Digits',
      'transit:validation.mustBe5Digits',
      'account:validation.accountNumber',
    ]);
    expect(await storedRows(s)).toEqual([]);
  });

  it('stores them encrypted, answers them redacted, and reveals them only to a logged view', async () => {
    const s = await payablesSetup(h);
    const url = detailsUrl(s, 'suppliers', s.supplier.uuid);
    expect((await as(h, s.admin).get(url)).json()).toEqual({ details: null });

    const saved = await as(h, s.admin).put(url, details);
    expect(saved.statusCode, saved.body).toBe(200);
    const redacted = {
      institution: '815',
      transit: '30012',
      redactedAccount: '•••••123',
      holderName: 'Déneigement Nord inc.',
    };
    expect(saved.json()).toEqual({ details: { ...redacted, updatedAt: expect.any(String) } });
    expect(saved.body).not.toContain(details.account);

    const [row] = await storedRows(s);
    expect(row?.ciphertext).toBeDefined();
    const ciphertext = row?.ciphertext ?? '';
    expect(ciphertext).not.toContain(details.account);
    const raw = Buffer.from(ciphertext, 'base64');
    expect(raw.toString('latin1')).not.toContain(details.account);
    // iv (12) + tag (16) + the encrypted JSON.
    expect(raw.length).toBe(12 + 16 + Buffer.byteLength(JSON.stringify(details)));
    // A fresh IV each time: the same details give another ciphertext.
    await as(h, s.admin).put(url, details);
    const [again] = await storedRows(s);
    expect(again?.ciphertext).not.toBe(ciphertext);

    // The accountant reads the redacted form only.
    const read = await as(h, s.accountant).get(url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ details: { ...redacted, updatedAt: expect.any(String) } });
    expect(read.body).not.toContain(details.account);
    expect((await as(h, s.accountant).post(`${url}/view`)).statusCode).toBe(403);
    expect((await as(h, s.accountant).put(url, details)).statusCode).toBe(403);
    expect((await as(h, s.accountant).delete(url)).statusCode).toBe(403);
    const owner = await createUser(h, 'owner');
    await grantBuildingRole(h, s.b, owner, 'owner');
    expect((await as(h, owner).get(url)).statusCode).toBe(403);
    expect(await eventsOf(s, 'bankAccountDetailsViewed')).toEqual([]);

    const view = await as(h, s.admin).post(`${url}/view`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({ ...details, updatedAt: expect.any(String) });
    const viewed = await eventsOf(s, 'bankAccountDetailsViewed');
    expect(viewed.map((e) => [e.metadata.ownerKind, e.metadata.ownerUuid, e.source.kind])).toEqual([
      ['supplier', s.supplier.uuid, 'user'],
    ]);
    const uploads = await eventsOf(s, 'bankAccountDetailsUploaded');
    expect(uploads).toHaveLength(2);
    expect(JSON.stringify(uploads)).not.toContain(details.account);

    // What the payment files will read.
    expect(
      await h.platform.db.transaction((tx) => readBankDetails(tx, s.b.id, 'supplier', s.supplier.uuid)),
    ).toEqual(details);
  });

  it('deletes them, logged, and keeps units apart from suppliers', async () => {
    const s = await payablesSetup(h);
    const unit = s.units[0];
    if (!unit) throw new Error('no unit');
    const url = detailsUrl(s, 'units', unit.uuid);
    const unitDetails = { ...details, account: '98765', holderName: 'Owner' };
    expect((await as(h, s.admin).put(url, unitDetails)).statusCode).toBe(200);

    // The owner must be a unit (or supplier) of this building.
    expect((await as(h, s.admin).put(detailsUrl(s, 'units', s.supplier.uuid), details)).statusCode).toBe(404);
    expect((await as(h, s.admin).get(detailsUrl(s, 'suppliers', unit.uuid))).statusCode).toBe(404);
    const other = await payablesSetup(h);
    expect((await as(h, other.admin).get(detailsUrl(other, 'units', unit.uuid))).statusCode).toBe(404);
    expect(
      await h.platform.db.transaction((tx) => readBankDetails(tx, s.b.id, 'supplier', unit.uuid)),
    ).toBeNull();

    // A ciphertext moved onto another owner does not decrypt: it is bound to its own.
    const [row] = await storedRows(s);
    const target = s.units[1]?.uuid;
    if (!row || !target) throw new Error('no details or unit');
    await h.platform.db.insert(bankDetails).values({ ...row, ownerUuid: target });
    await expect(
      h.platform.db.transaction((tx) => readBankDetails(tx, s.b.id, 'unit', target)),
    ).rejects.toThrow();
    await h.platform.db
      .delete(bankDetails)
      .where(and(eq(bankDetails.buildingId, s.b.id), eq(bankDetails.ownerUuid, target)));

    const deleted = await as(h, s.admin).delete(url);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await as(h, s.admin).get(url)).json()).toEqual({ details: null });
    expect((await as(h, s.admin).post(`${url}/view`)).statusCode).toBe(404);
    // Deleting what is not there answers the same and logs nothing more.
    expect((await as(h, s.admin).delete(url)).statusCode).toBe(204);
    const logged = await eventsOf(s, 'bankAccountDetailsDeleted');
    expect(
      logged.map((e) => [e.metadata.ownerKind, e.metadata.ownerUuid, e.metadata.redactedAccount]),
    ).toEqual([['unit', unit.uuid, '•••••765']]);
    expect(await storedRows(s)).toEqual([]);
  });
});
