import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildingRole } from '@copro/domain';
import {
  as,
  createBuildingFixture,
  type BuildingFixture,
  type Harness,
  type TestUser,
} from '../../test/harness';
import {
  createMember,
  createRegistryBuilding,
  freshNumber,
  issueKeys,
  logsAbout,
  pdfBytes,
  pdfUpload,
  personBody,
  unitBody,
  yearPath,
} from '../../test/registry-fixtures';
import { proofKey, type StoredProof } from './insurance-proof';
import { findRecord } from './records';

/**
 * DOMAIN 6 self-service: with `selfServiceEditAccess: edit`, owners, residents and approvers edit
 * the person records that carry their email, and owners and proxies their unit's insurance,
 * water heater and insurance proof.
 */

let h: Harness, b: BuildingFixture, admin: TestUser, base: string;
let owner: TestUser;
let otherOwner: TestUser;
let resident: TestUser;
let proxy: TestUser;
let residentProxy: TestUser;
let approver: TestUser;
let handler: TestUser;
let bannedOwner: TestUser;
/** People by the user they stand for. */
const personOf = new Map<TestUser, string>();
let myUnit: { uuid: string; number: string };
let otherUnit: { uuid: string; number: string };

const insurance = {
  provider: 'Intact',
  policyNumber: 'POL-1',
  civilResponsibilityAmount: 200_000_000,
  endDate: '2027-03-01',
};
const waterHeater = { installationDate: '2020-05-01', warrantyEndDate: '2030-05-01', location: 'Closet' };

beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding({ settings: { selfServiceEditAccess: 'edit' } }));
  /** A member of the building, and the person record that carries their email. */
  const member = async (label: string, role: BuildingRole, banned = false) => {
    const u = await createMember(h, b, label, role, banned);
    // Emails are matched whatever their case.
    const res = await as(h, admin).post(
      `${base}/people`,
      personBody(`Person ${role}`, [u.email.toUpperCase()]),
    );
    personOf.set(u, res.json().uuid);
    return u;
  };
  owner = await member('owner', 'owner');
  otherOwner = await member('other-owner', 'owner');
  resident = await member('resident', 'resident');
  proxy = await member('proxy', 'owner');
  residentProxy = await member('resident-proxy', 'resident');
  approver = await member('approver', 'approver');
  handler = await member('handler', 'handler');
  bannedOwner = await member('banned-owner', 'owner', true);
  const link = (u: TestUser) => ({ personUuid: personOf.get(u) });
  const created = await as(h, admin).post(
    `${base}/units`,
    unitBody(freshNumber(), {
      owners: [link(owner), link(bannedOwner)],
      residents: [link(resident)],
      proxies: [link(proxy), link(residentProxy)],
      notes: 'managers only',
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  myUnit = created.json();
  otherUnit = (
    await as(h, admin).post(`${base}/units`, unitBody(freshNumber(), { owners: [link(otherOwner)] }))
  ).json();
});
afterAll(async () => h.close());

const selfPerson = (lastName: string, extra: Record<string, unknown> = {}) => ({
  lastName,
  phones: [{ number: '514-555-0101', type: 'cell' }],
  address: { street: '1 rue Principale', city: 'Montréal' },
  emergencyContact: { name: 'Sam', phone: '514-555-0102' },
  ...extra,
});

describe('self-service: own person', () => {
  it('lets an owner edit their own person, but never its emails or notes', async () => {
    const uuid = personOf.get(owner) ?? '';
    await as(h, admin).put(
      `${base}/people/${uuid}`,
      personBody('Person owner', [owner.email], { notes: 'pays late' }),
    );
    const res = await as(h, owner).put(`${base}/people/${uuid}/self`, {
      ...selfPerson('Tremblay', { firstName: 'Lise', gender: 'F', locale: 'fr-CA' }),
      emails: ['hijack@example.test'],
      notes: 'erased',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Lise',
      lastName: 'Tremblay',
      emails: [owner.email],
      notes: 'pays late',
      phones: [{ number: '514-555-0101', type: 'cell' }],
    });
    const log = (await logsAbout(h, b, uuid)).at(-1);
    expect(log?.event).toBe('personEdited');
    expect(log?.source).toMatchObject({ kind: 'user', id: owner.id });
    expect(log?.changes?.map((c) => c.field)).toEqual([
      'firstName',
      'lastName',
      'phones',
      'address',
      'gender',
      'locale',
      'emergencyContact',
    ]);
  });

  it('lets residents and approvers edit theirs too, with the same validation', async () => {
    for (const u of [resident, approver]) {
      const res = await as(h, u).put(`${base}/people/${personOf.get(u)}/self`, selfPerson('Mine'));
      expect(res.statusCode, res.body).toBe(200);
    }
    const bad = await as(h, resident).put(`${base}/people/${personOf.get(resident)}/self`, {
      ...selfPerson('x'.repeat(81)),
      phones: [{ number: '1' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(issueKeys(bad)).toEqual([
      'lastName:validation.tooLong',
      'phones.0.type:validation.phoneNeedsType',
    ]);
  });

  it("refuses someone else's person, and managers, handlers and banned users", async () => {
    const other = personOf.get(otherOwner) ?? '';
    expect((await as(h, owner).put(`${base}/people/${other}/self`, selfPerson('Nope'))).statusCode).toBe(403);
    const unknown = await as(h, owner).put(
      `${base}/people/00000000-0000-4000-8000-000000000001/self`,
      selfPerson('N'),
    );
    expect(unknown.statusCode).toBe(403);
    // Managers edit people through the manager's form; the self route is not theirs.
    const adminPerson = (await as(h, admin).post(`${base}/people`, personBody('Admin', [admin.email]))).json()
      .uuid;
    expect((await as(h, admin).put(`${base}/people/${adminPerson}/self`, selfPerson('A'))).statusCode).toBe(
      403,
    );
    expect(
      (await as(h, handler).put(`${base}/people/${personOf.get(handler)}/self`, selfPerson('H'))).statusCode,
    ).toBe(403);
    const banned = await as(h, bannedOwner).put(
      `${base}/people/${personOf.get(bannedOwner)}/self`,
      selfPerson('B'),
    );
    expect(banned.statusCode).toBe(403);
    expect((await logsAbout(h, b, other)).map((l) => l.event)).toEqual(['personCreated']);
  });
});

describe('self-service: own unit', () => {
  it("lets an owner update their unit's insurance and water heater, and nothing else", async () => {
    const res = await as(h, owner).put(`${base}/units/${myUnit.uuid}/self`, {
      insurance,
      waterHeater,
      notes: 'changed by owner',
      voteShare: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ insurance, waterHeater, notes: 'managers only', voteShare: 0.01 });
    const log = (await logsAbout(h, b, myUnit.uuid)).at(-1);
    expect(log?.event).toBe('unitEdited');
    expect(log?.changes).toEqual([
      { field: 'insurance', before: {}, after: insurance },
      { field: 'waterHeater', before: {}, after: waterHeater },
    ]);
  });

  it('lets a proxy do it, whatever their role', async () => {
    for (const u of [proxy, residentProxy]) {
      const res = await as(h, u).put(`${base}/units/${myUnit.uuid}/self`, {
        insurance: { ...insurance, policyNumber: `POL-${u.id.slice(0, 4)}` },
        waterHeater,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("refuses a resident, another unit's owner, a banned owner, and an unknown unit", async () => {
    const body = { insurance: {}, waterHeater: {} };
    expect((await as(h, resident).put(`${base}/units/${myUnit.uuid}/self`, body)).statusCode).toBe(403);
    expect((await as(h, owner).put(`${base}/units/${otherUnit.uuid}/self`, body)).statusCode).toBe(403);
    expect((await as(h, bannedOwner).put(`${base}/units/${myUnit.uuid}/self`, body)).statusCode).toBe(403);
    expect((await as(h, admin).put(`${base}/units/${myUnit.uuid}/self`, body)).statusCode).toBe(403);
    const unknown = await as(h, owner).put(`${base}/units/00000000-0000-4000-8000-000000000001/self`, body);
    expect(unknown.statusCode).toBe(404);
    expect((await as(h, admin).get(`${base}/units/${otherUnit.uuid}`)).json().insurance).toEqual({});
  });

  it('validates the insurance and the water heater', async () => {
    const res = await as(h, owner).put(`${base}/units/${myUnit.uuid}/self`, {
      insurance: { provider: 'x'.repeat(81), civilResponsibilityAmount: -5 },
      waterHeater: { installationDate: '2024-01-02', warrantyEndDate: '2024-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(issueKeys(res).sort()).toEqual(
      [
        'insurance.provider:validation.tooLong',
        'insurance.civilResponsibilityAmount:validation.numberTooSmall',
        'waterHeater.warrantyEndDate:validation.dateTooEarly',
      ].sort(),
    );
  });

  for (const access of ['none', 'request'] as const) {
    it(`refuses every self edit when selfServiceEditAccess is ${access}`, async () => {
      const closed = await createBuildingFixture(h, { selfServiceEditAccess: access });
      const closedBase = yearPath(closed);
      const u = await createMember(h, closed, `owner-${access}`, 'owner');
      const closedAdmin = await createMember(h, closed, `admin-${access}`, 'admin');
      const person = (
        await as(h, closedAdmin).post(`${closedBase}/people`, personBody('Closed', [u.email]))
      ).json().uuid;
      const unit = (
        await as(h, closedAdmin).post(
          `${closedBase}/units`,
          unitBody(freshNumber(), { owners: [{ personUuid: person }] }),
        )
      ).json().uuid;
      expect((await as(h, u).put(`${closedBase}/people/${person}/self`, selfPerson('C'))).statusCode).toBe(
        403,
      );
      expect(
        (await as(h, u).put(`${closedBase}/units/${unit}/self`, { insurance: {}, waterHeater: {} }))
          .statusCode,
      ).toBe(403);
      expect(
        (await as(h, u).put(`${closedBase}/units/${unit}/insurance-proof`, pdfUpload())).statusCode,
      ).toBe(403);
      // The owner still reads their unit.
      expect((await as(h, u).get(`${closedBase}/units/${unit}`)).statusCode).toBe(200);
    });
  }
});

describe('insurance proof', () => {
  const proofUrl = (unit: { uuid: string }) => `${base}/units/${unit.uuid}/insurance-proof`;

  it('stores a PDF, answers it back as application/pdf, replaces it and deletes it', async () => {
    const uploaded = await as(h, admin).put(proofUrl(otherUnit), pdfUpload('Attestation 2026.pdf'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const proof = uploaded.json().insuranceProof;
    expect(proof).toMatchObject({ fileName: 'Attestation 2026.pdf', size: pdfBytes.length });
    expect(Date.parse(proof.uploadedAt)).not.toBeNaN();
    const scope = { buildingId: b.id, fiscalYear: '2026-01-01' };
    const storedProof = async () =>
      (await findRecord(h.platform.db, scope, 'units', otherUnit.uuid))?.data.insuranceProof as StoredProof;
    // The file's storage name stays on the server.
    const stored = await storedProof();
    expect(proof).toEqual({ fileName: stored.fileName, size: stored.size, uploadedAt: stored.uploadedAt });

    const download = await as(h, admin).get(proofUrl(otherUnit));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`inline; filename*=UTF-8''Attestation%202026.pdf`);
    expect(Buffer.compare(download.rawPayload, pdfBytes)).toBe(0);
    // A manager's edit of the unit keeps its proof.
    const current = (await as(h, admin).get(`${base}/units/${otherUnit.uuid}`)).json();
    const editFields = [
      'owners',
      'residents',
      'proxies',
      'parkings',
      'lockers',
      'automaticPayment',
      'noMonthlyFees',
    ];
    const edited = await as(h, admin).put(`${base}/units/${otherUnit.uuid}`, {
      ...Object.fromEntries(editFields.map((field) => [field, current[field]])),
      insurance: { provider: 'Desjardins' },
      waterHeater: {},
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ insuranceProof: proof, ownersEmails: [otherOwner.email] });
    // Handlers read units, so they read the proof too.
    expect((await as(h, handler).get(proofUrl(otherUnit))).statusCode).toBe(200);

    const second = Buffer.concat([pdfBytes, Buffer.from('% second\n')]);
    const replaced = await as(h, admin).put(proofUrl(otherUnit), pdfUpload('second.pdf', second));
    expect(replaced.statusCode).toBe(200);
    expect(await h.platform.storage.get(proofKey(scope, otherUnit.uuid, stored.fileId))).toBeNull();
    expect(Buffer.compare((await as(h, admin).get(proofUrl(otherUnit))).rawPayload, second)).toBe(0);

    const newId = (await storedProof()).fileId;
    const deleted = await as(h, admin).delete(proofUrl(otherUnit));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().insuranceProof).toBeNull();
    expect(await h.platform.storage.get(proofKey(scope, otherUnit.uuid, newId))).toBeNull();
    expect((await as(h, admin).get(proofUrl(otherUnit))).statusCode).toBe(404);

    const logs = (await logsAbout(h, b, otherUnit.uuid)).filter((l) =>
      l.changes?.some((c) => c.field === 'insuranceProof'),
    );
    expect(logs.map((l) => l.event)).toEqual(['unitEdited', 'unitEdited', 'unitEdited']);
    expect(logs[0]?.changes).toEqual([{ field: 'insuranceProof', before: null, after: stored }]);
    expect(logs[2]?.changes?.[0]).toMatchObject({ field: 'insuranceProof', after: null });
  });

  it('accepts PDFs only: by content, mime type and file name', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const cases: [object, string][] = [
      [pdfUpload('fake.pdf', png), 'dataUrl:validation.pdfOnly'],
      [{ ...pdfUpload(), mimeType: 'image/png' }, 'mimeType:validation.pdfOnly'],
      [pdfUpload('proof.png'), 'fileName:validation.pdfOnly'],
      [
        { ...pdfUpload(), dataUrl: `data:image/png;base64,${pdfBytes.toString('base64')}` },
        'dataUrl:validation.pdfOnly',
      ],
      [pdfUpload('dir/proof.pdf'), 'fileName:validation.invalidIdentifier'],
    ];
    for (const [body, expected] of cases) {
      const res = await as(h, admin).put(proofUrl(myUnit), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(issueKeys(res)).toEqual([expected]);
    }
    expect((await as(h, admin).get(`${base}/units/${myUnit.uuid}`)).json().insuranceProof).toBeNull();
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    pdfBytes.copy(big);
    const res = await as(h, admin).put(proofUrl(myUnit), pdfUpload('big.pdf', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('fileTooLarge');
  });

  it("lets owners and proxies upload their own unit's proof and read it, and nobody else's", async () => {
    const mine = await as(h, owner).put(proofUrl(myUnit), pdfUpload('mine.pdf'));
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await as(h, owner).get(proofUrl(myUnit))).statusCode).toBe(200);
    expect((await as(h, proxy).put(proofUrl(myUnit), pdfUpload('by-proxy.pdf'))).statusCode).toBe(200);

    await as(h, admin).put(proofUrl(otherUnit), pdfUpload('theirs.pdf'));
    expect((await as(h, owner).get(proofUrl(otherUnit))).statusCode).toBe(404);
    expect((await as(h, owner).put(proofUrl(otherUnit), pdfUpload())).statusCode).toBe(403);
    expect((await as(h, owner).delete(proofUrl(otherUnit))).statusCode).toBe(403);
    // Units readers without write or self-service rights read but do not change.
    expect((await as(h, handler).put(proofUrl(myUnit), pdfUpload())).statusCode).toBe(403);
    expect((await as(h, bannedOwner).put(proofUrl(myUnit), pdfUpload())).statusCode).toBe(403);
    // Residents do not read units at all.
    expect((await as(h, resident).get(proofUrl(myUnit))).statusCode).toBe(403);
    const unknown = await as(h, admin).put(
      `${base}/units/00000000-0000-4000-8000-000000000001/insurance-proof`,
      pdfUpload(),
    );
    expect(unknown.statusCode).toBe(404);
  });
});
