import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createHarness, type Harness } from '../../../test/harness';
import { issueKeys, pdfBytes } from '../../../test/registry-fixtures';
import { agreementSetup, unitEvents, uploadSigned, type AgreementSetup } from './test-agreements';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const firstUnit = (s: AgreementSetup) => {
  const unit = s.units[0];
  if (!unit) throw new Error('no unit');
  return unit;
};

/** The signed copies kept for the unit, by file name in storage. */
async function storedCopies(s: AgreementSetup, unitUuid: string): Promise<string[]> {
  const dir = path.join(h.platform.config.filesDir, 'buildings', s.b.id, 'units', unitUuid, 'pad-agreement');
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

describe('the signed agreement', () => {
  it('takes one PDF, answers it back, replaces it, deletes it, each logged', async () => {
    const s = await agreementSetup(h);
    const unit = firstUnit(s);
    const url = `${s.agreementUrl(unit.uuid)}/signed`;
    expect((await as(h, s.admin).get(url)).statusCode).toBe(404);

    const notPdf = await uploadSigned(s, s.admin, unit.uuid, { fileName: 'signed.txt', type: 'text/plain' });
    expect(notPdf.statusCode).toBe(400);
    expect(issueKeys(notPdf)).toEqual(['file:validation.pdfOnly']);
    const fake = await uploadSigned(s, s.admin, unit.uuid, { bytes: Buffer.from('not a pdf at all') });
    expect(issueKeys(fake)).toEqual(['file:validation.pdfOnly']);
    const tooBig = await uploadSigned(s, s.admin, unit.uuid, {
      bytes: Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(tooBig.statusCode).toBe(413);

    const saved = await uploadSigned(s, s.admin, unit.uuid, { fileName: 'Accord signé.pdf' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().signed).toEqual({
      fileName: 'Accord signé.pdf',
      size: pdfBytes.length,
      uploadedAt: '2026-11-25T17:00:00.000Z',
    });
    const download = await as(h, s.admin).get(url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);
    const [first] = await storedCopies(s, unit.uuid);

    const other = Buffer.concat([pdfBytes, Buffer.from('% second\n')]);
    const replaced = await uploadSigned(s, s.admin, unit.uuid, { fileName: 'v2.pdf', bytes: other });
    expect(replaced.json().signed.fileName).toBe('v2.pdf');
    expect((await as(h, s.admin).get(url)).rawPayload.equals(other)).toBe(true);
    // The copy it replaced is gone from storage.
    const kept = await storedCopies(s, unit.uuid);
    expect(kept).toHaveLength(1);
    expect(kept).not.toContain(first);

    const deleted = await as(h, s.admin).delete(url);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().signed).toBeNull();
    expect((await as(h, s.admin).get(url)).statusCode).toBe(404);
    expect(await storedCopies(s, unit.uuid)).toEqual([]);
    // Deleting nothing changes nothing and logs nothing.
    expect((await as(h, s.admin).delete(url)).statusCode).toBe(200);

    const uploads = await unitEvents(s, 'padAgreementUploaded', unit.uuid);
    expect(uploads.map((e) => [e.metadata.fileName, e.metadata.replaced])).toEqual([
      ['Accord signé.pdf', false],
      ['v2.pdf', true],
    ]);
    expect((await unitEvents(s, 'padAgreementDeleted', unit.uuid)).map((e) => e.metadata)).toEqual([
      { unitUuid: unit.uuid, fileName: 'v2.pdf' },
    ]);
  });

  it('belongs to a unit of the building', async () => {
    const s = await agreementSetup(h);
    const other = await agreementSetup(h);
    const stranger = firstUnit(other).uuid;
    expect((await uploadSigned(s, s.admin, stranger)).statusCode).toBe(404);
    expect((await as(h, s.admin).get(s.agreementUrl(stranger))).statusCode).toBe(404);
    expect((await as(h, s.admin).get(`${s.agreementUrl(stranger)}/form.pdf`)).statusCode).toBe(404);
    expect((await as(h, s.admin).delete(`${s.agreementUrl(stranger)}/signed`)).statusCode).toBe(404);
    expect((await as(h, s.admin).get(s.agreementUrl('not-a-uuid'))).statusCode).toBe(400);
  });
});

describe('who may see and change the agreement', () => {
  it('lets finance readers read, finance writers write, and keeps owners, residents and handlers out', async () => {
    const s = await agreementSetup(h);
    const unit = firstUnit(s);
    const url = s.agreementUrl(unit.uuid);
    expect((await uploadSigned(s, s.admin, unit.uuid)).statusCode).toBe(200);

    const { accountant, owner, resident, handler } = s.users;
    for (const read of [url, `${url}/form.pdf`, `${url}/signed`]) {
      expect((await as(h, accountant).get(read)).statusCode, read).toBe(200);
      for (const outsider of [owner, resident, handler]) {
        expect((await as(h, outsider).get(read)).statusCode, read).toBe(403);
      }
    }
    for (const u of [accountant, owner, resident, handler]) {
      expect((await uploadSigned(s, u, unit.uuid)).statusCode).toBe(403);
      expect((await as(h, u).delete(`${url}/signed`)).statusCode).toBe(403);
    }
    expect((await as(h, null).get(url)).statusCode).toBe(401);
    expect(await unitEvents(s, 'padAgreementUploaded', unit.uuid)).toHaveLength(1);
  });
});
