import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { analyzeAfterChangedRows, analyzeIfChanged } from './client';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec('create table things (id int primary key)');
});
afterAll(() => client.close());

const lastAnalyzed = async () =>
  (
    await client.query<{ at: string | null }>(
      `select last_analyze as at from pg_stat_user_tables where relname = 'things'`,
    )
  ).rows[0]?.at ?? null;

/** PostgreSQL publishes a session's row counts when it goes idle, at most once a second; a test cannot wait. */
const flushStats = () => client.query('select pg_stat_force_next_flush()');

it('analyzes the embedded database once enough rows changed, and not before', async () => {
  await client.exec(`insert into things select generate_series(1, ${analyzeAfterChangedRows - 1})`);
  await flushStats();
  expect(await analyzeIfChanged(client)).toBe(false);
  expect(await lastAnalyzed()).toBeNull();
  await client.exec(`insert into things values (${analyzeAfterChangedRows})`);
  await flushStats();
  expect(await analyzeIfChanged(client)).toBe(true);
  expect(await lastAnalyzed()).not.toBeNull();
  // The statistics are fresh again: nothing more to do until rows change.
  expect(await analyzeIfChanged(client)).toBe(false);
});
