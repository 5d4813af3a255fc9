import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrationsStamp } from './migrations-stamp';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated in-memory PGlite's data directory (`dumpDataDir`), for PGlite runs. */
    pgliteTemplateFile?: string;
    /** A migrated PostgreSQL database to copy, for runs with TEST_DATABASE_URL. */
    postgresTemplate?: string;
    /** The migrations the template holds (migrationsStamp): a copy is used only while they are today's. */
    templateMigrations?: string;
  }
}

/**
 * Once per run of the server tests, a migrated database every test database is copied from
 * (test/harness.ts): starting PGlite from scratch (initdb) and applying every migration took most
 * of a small test file's time, and was the same work in each of them. A copy is the same database
 * a fresh migration gives, as it was made by running the same migrations; each copy runs them
 * again, finding nothing to do.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  // Taken before migrating: an edit made meanwhile then shows as a difference, never as a match.
  project.provide('templateMigrations', migrationsStamp());
  if (url) {
    const name = `copro_test_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    // Closed before any test runs: PostgreSQL copies a template only while no one is connected to it.
    const database = await openDatabase({ url: templateUrl.toString() });
    await database.close();
    project.provide('postgresTemplate', name);
    return () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: gzip would make the file smaller and each file's start slower.
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copro-test-template-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
