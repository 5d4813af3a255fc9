import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BuildingFixture, Harness, TestUser } from '../test/harness';
import { as } from '../test/harness';
import { createRegistryBuilding, pdfBytes, pdfUpload, unitBody } from '../test/registry-fixtures';
import { transactionWithFiles } from './storage';

let h: Harness, b: BuildingFixture, admin: TestUser, base: string;
beforeAll(async () => {
  ({ h, b, admin, base } = await createRegistryBuilding());
});
afterAll(async () => h.close());

/** Every file under the storage root, as paths relative to it. */
const storedFiles = (): string[] =>
  readdirSync(h.platform.config.filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(h.platform.config.filesDir, path.join(entry.parentPath, entry.name)))
    .sort();

/**
 * Makes every update of one registry record fail inside the database, after the route has written
 * its file: the transaction rolls back at the last moment, as a lost connection or a conflict would.
 */
async function failUpdatesOf(uuid: string): Promise<() => Promise<void>> {
  const name = `fail_${uuid.replace(/-/g, '')}`;
  await h.platform.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`),
  );
  await h.platform.db.execute(
    sql.raw(`create trigger ${name} before update on registry_records
      for each row when (old.uuid = '${uuid}') execute function ${name}()`),
  );
  return async () => {
    await h.platform.db.execute(sql.raw(`drop trigger ${name} on registry_records`));
    await h.platform.db.execute(sql.raw(`drop function ${name}()`));
  };
}

describe('uploads and their transaction', () => {
  it('leave no file on disk when the transaction fails, and keep the proof already there', async () => {
    const unit = (await as(h, admin).post(`${base}/units`, unitBody())).json() as { uuid: string };
    const proofUrl = `${base}/units/${unit.uuid}/insurance-proof`;
    const unitDir = `buildings/${b.id}/units/${unit.uuid}/insurance/`;
    const filesOfUnit = () => storedFiles().filter((f) => f.startsWith(unitDir));

    const refused = await failUpdatesOf(unit.uuid);
    const failed = await as(h, admin).put(proofUrl, pdfUpload('first.pdf'));
    expect(failed.statusCode).toBe(500);
    expect(filesOfUnit()).toEqual([]);
    await refused();

    const stored = await as(h, admin).put(proofUrl, pdfUpload('first.pdf'));
    expect(stored.statusCode, stored.body).toBe(200);
    const kept = filesOfUnit();
    expect(kept).toHaveLength(1);

    // A replacement that fails leaves the first proof in place, file and record alike.
    const refusedAgain = await failUpdatesOf(unit.uuid);
    const second = Buffer.concat([pdfBytes, Buffer.from('\n% second')]);
    expect((await as(h, admin).put(proofUrl, pdfUpload('second.pdf', second))).statusCode).toBe(500);
    expect((await as(h, admin).delete(proofUrl)).statusCode).toBe(500);
    expect(filesOfUnit()).toEqual(kept);
    await refusedAgain();
    const download = await as(h, admin).get(proofUrl);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);

    // A replacement that commits removes the file it replaced; a deletion that commits, its file.
    expect((await as(h, admin).put(proofUrl, pdfUpload('second.pdf', second))).statusCode).toBe(200);
    const replaced = filesOfUnit();
    expect(replaced).toHaveLength(1);
    expect(replaced).not.toEqual(kept);
    expect((await as(h, admin).delete(proofUrl)).statusCode).toBe(200);
    expect(filesOfUnit()).toEqual([]);
  });

  it('removes what a failed transaction wrote, and keeps what it meant to remove', async () => {
    await h.platform.storage.put('probe/kept.bin', Buffer.from('kept'));
    const before = storedFiles();
    expect(before).toContain('probe/kept.bin');
    await expect(
      transactionWithFiles(h.platform.db, h.platform.storage, async (_tx, files) => {
        await files.put('probe/one.bin', Buffer.from('one'));
        files.removeAfterCommit('probe/kept.bin');
        await files.put('probe/two.bin', Buffer.from('two'));
        throw new Error('the transaction fails');
      }),
    ).rejects.toThrow('the transaction fails');
    expect(storedFiles()).toEqual(before);
  });
});
