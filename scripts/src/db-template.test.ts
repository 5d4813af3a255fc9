import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrationsFolder, openDatabase, rowsOf } from '@copro/server/db/client';
import { copyDatabaseTemplate, prepareDatabaseTemplate, templateState } from './db-template';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-template-'));
const template = path.join(work, 'template');
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

beforeAll(async () => {
  await prepareDatabaseTemplate(template);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the empty database prepared at install', () => {
  it('gives a new data directory a database with every migration applied', async () => {
    expect(templateState(template)).toBe('current');
    const dbDir = path.join(work, 'data', 'db');
    expect(copyDatabaseTemplate(dbDir, template)).toBe(true);
    const database = await openDatabase({ dataDir: dbDir });
    try {
      const [applied] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied?.n).toBe(journal.entries.length);
    } finally {
      await database.close();
    }
  });

  it('never replaces a database that is there', () => {
    const dbDir = path.join(work, 'other', 'db');
    fs.mkdirSync(dbDir, { recursive: true });
    fs.writeFileSync(path.join(dbDir, 'PG_VERSION'), '17');
    expect(copyDatabaseTemplate(dbDir, template)).toBe(false);
    expect(fs.readdirSync(dbDir)).toEqual(['PG_VERSION']);
  });

  it('is left unused when another PGlite made it, or its migrations are not the first of today', () => {
    const stampFile = path.join(template, 'stamp.json');
    const stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8')) as { pglite: string; migrations: string[] };
    for (const other of [
      { ...stamp, pglite: '0.0.1' },
      { ...stamp, migrations: ['9999_elsewhere', ...stamp.migrations] },
    ]) {
      fs.writeFileSync(stampFile, JSON.stringify(other));
      const dbDir = path.join(work, `unused-${other.pglite}`, 'db');
      expect(copyDatabaseTemplate(dbDir, template)).toBe(false);
      expect(fs.existsSync(dbDir)).toBe(false);
    }
    fs.writeFileSync(stampFile, JSON.stringify({ ...stamp, migrations: stamp.migrations.slice(0, -1) }));
    expect(templateState(template)).toBe('usable');
    fs.writeFileSync(stampFile, JSON.stringify(stamp));
  });
});
