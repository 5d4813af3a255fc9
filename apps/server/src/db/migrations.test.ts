import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { createHarness, type Harness } from '../test/harness';
import { migrationsFolder, rowsOf } from './client';
import * as schema from './schema/index';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const drizzleKit = path.join(repoRoot, 'node_modules/.bin/drizzle-kit');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the committed migrations, so generating into it never touches the repository. */
function copyOfMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-migrations-'));
  dirs.push(dir);
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  return dir;
}

const filesIn = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

/** `drizzle-kit generate` into `out`; it exits 0 even when it fails, so callers read what it says. */
async function generateInto(out: string): Promise<string> {
  // drizzle-kit puts "./" before the out path, so it must be relative to the working directory.
  const { stdout, stderr } = await run(
    drizzleKit,
    ['generate', '--config', 'apps/server/drizzle.config.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, DRIZZLE_OUT: path.relative(repoRoot, out) },
      // It asks questions on a terminal when a change is ambiguous (a rename): never wait for an answer.
      timeout: 20_000,
    },
  );
  return `${stdout}\n${stderr}`;
}

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

describe('schema and migrations', () => {
  it('have not drifted apart: generating a migration from the schema finds nothing to do', async () => {
    const out = copyOfMigrations();
    const before = filesIn(out);
    const output = await generateInto(out);
    expect(output).toContain('No schema changes, nothing to migrate');
    expect(filesIn(out)).toEqual(before);
  });

  it('would notice a drift: with a table missing from the migrations, generate writes a new one', async () => {
    const out = copyOfMigrations();
    const snapshotFile = path.join(
      out,
      'meta',
      fs
        .readdirSync(path.join(out, 'meta'))
        .filter((f) => f.endsWith('_snapshot.json'))
        .sort()
        .at(-1)!,
    );
    const snapshot = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as { tables: Record<string, unknown> };
    expect(snapshot.tables['public.outbox']).toBeDefined();
    delete snapshot.tables['public.outbox'];
    fs.writeFileSync(snapshotFile, JSON.stringify(snapshot));
    const before = filesIn(out);

    const output = await generateInto(out);
    const added = filesIn(out).filter((f) => !before.includes(f) && f.endsWith('.sql'));
    expect(added, output).toHaveLength(1);
    expect(fs.readFileSync(path.join(out, added[0]!), 'utf8')).toContain('CREATE TABLE "outbox"');
  });
});

describe('migrations on a fresh database', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());

  it('applies every migration of the journal', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [applied] = await rowsOf<{ count: number | string }>(
      h.platform.db,
      sql`select count(*) as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied!.count)).toBe(journal.entries.length);
  });

  it('creates every table and column the schema declares', async () => {
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['users', 'buildings', 'activity_log', 'jobs', 'outbox']),
    );
    const columns = await rowsOf<{ table_name: string; column_name: string; is_nullable: string }>(
      h.platform.db,
      sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const actual = new Map<string, string[]>();
    for (const c of columns)
      actual.set(c.table_name, [
        ...(actual.get(c.table_name) ?? []),
        `${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`,
      ]);

    for (const table of tables) {
      const declared = table.columns.map((c) => `${c.name}${c.notNull ? ' not null' : ''}`).sort();
      expect(actual.get(table.name)?.sort(), `table ${table.name}`).toEqual(declared);
    }
    // And no table the schema does not know about.
    expect([...actual.keys()].sort()).toEqual(tables.map((t) => t.name).sort());
  });
});
