import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/client';

/**
 * A digest of the migrations as they are on disk now: the journal and every SQL file. A test
 * database copied from a template made from other migrations (one edited or added while the run
 * was under way) would be migrated from the wrong starting point, so the harness compares this.
 */
export function migrationsStamp(): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json')));
  for (const name of fs
    .readdirSync(migrationsFolder)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(fs.readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex');
}
