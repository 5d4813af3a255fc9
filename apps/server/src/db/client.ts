import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The PostgreSQL URL, so another connection (another instance, in tests) can open the same database. */
  url?: string;
  /**
   * Subscribes to a LISTEN channel on a connection of its own; resolves to an unsubscribe. `onLost`
   * hears the connection drop: what was notified until it listens again is missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<Unlisten>;
  close(): Promise<void>;
}

export type Unlisten = (() => Promise<void>) & {
  /**
   * Resolves true once every notification committed before the call has reached `onPayload`, or
   * false while the connection is lost (the request caches rely on it, platform/cache-channel.ts).
   */
  sync(): Promise<boolean>;
};

/** Rows of a raw SQL query; both drivers answer with a `rows` array. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * PGlite in `dataDir` (or in memory when dataDir is null) — the embedded default — or PostgreSQL
 * through `pg` when a URL is given. Both run the same migrations before anything else.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | null;
  /** A PGlite data directory dumped by `dumpDataDir` to start from (tests' migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir ?? null, options.loadDataDir);
}

/**
 * PostgreSQL's settings for the embedded database. Its shared buffers live in the WebAssembly
 * heap, which never gives memory back: the default 128 MB is most of an idle server's memory,
 * while a building's working set is a few MB, large scans use a small ring of buffers whatever
 * the setting, and a page not in the buffers is one file read away (the OS caches the files).
 * 16 MB took 117 MB off the resident memory with no measurable change in scan times.
 */
export const pgliteSettings = ['shared_buffers=16MB'];

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  const options = {
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((s) => ['-c', s])],
    ...(loadDataDir ? { loadDataDir } : {}),
  };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  // The embedded database has no autovacuum, so no statistics unless asked: without them the
  // planner takes every table for a few rows. Once at open, for a database kept on disk.
  if (dataDir) await client.exec('analyze');
  // …and again while it runs, once enough rows changed: a page that was fast on a small database
  // was nested-looped on stale statistics as it grew (a list of 2,000 invoices: 1.2 s, 23 ms analyzed).
  const analyzer = dataDir ? setInterval(() => void analyzeIfChanged(client), analyzeEveryMs) : null;
  analyzer?.unref();
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      // One connection, one process: a commit's notifications reach the listeners before it resolves.
      return Object.assign(async () => unsubscribe(), { sync: async () => true });
    },
    close: () => {
      if (analyzer) clearInterval(analyzer);
      return client.close();
    },
  };
}

const analyzeEveryMs = 5 * 60_000;
/** Rows inserted, updated or deleted since the last analyze that make the next one worth its pause. */
export const analyzeAfterChangedRows = 1000;

/**
 * PGlite's stand-in for autovacuum's analyze: refreshes the planner's statistics when at least
 * `analyzeAfterChangedRows` rows changed since they were taken. Answers whether it analyzed.
 */
export async function analyzeIfChanged(client: PGlite): Promise<boolean> {
  try {
    const { rows } = await client.query<{ changed: number }>(
      'select coalesce(sum(n_mod_since_analyze), 0)::int as changed from pg_stat_user_tables',
    );
    if ((rows[0]?.changed ?? 0) < analyzeAfterChangedRows) return false;
    await client.exec('analyze');
    return true;
  } catch (error) {
    // A closed database (shutting down) or a busy one: the next round tries again.
    console.error(`[database] analyze skipped: ${(error as Error).message}`);
    return false;
  }
}

async function openPostgres(url: string): Promise<Database> {
  // A query waits at most this long for a connection, so a database that does not answer gives a
  // 503 in seconds rather than a request that hangs.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  // An idle connection the server ends (restart, failover) must not crash the process: the pool
  // drops it and opens another on the next query.
  pool.on('error', (error) => console.error(`[database] idle connection lost: ${error.message}`));
  // A checked-out connection (a transaction under way) that the server ends emits 'error' too, and
  // pg-pool listens only while the connection is idle: without a listener of its own, that error
  // would end the process. The query under way fails on its own; the pool drops the connection.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`[database] connection lost: ${error.message}`));
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migrateAlone(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const subscriptions = new Set<{ stop(): Promise<void> }>();
  return {
    db,
    driver: 'pg',
    url,
    async listen(channel, onPayload, onLost) {
      const subscription = listenWithReconnect(url, channel, onPayload, onLost);
      await subscription.ready;
      subscriptions.add(subscription);
      const unsubscribe = async (): Promise<void> => {
        subscriptions.delete(subscription);
        await subscription.stop();
      };
      return Object.assign(unsubscribe, { sync: () => subscription.sync() });
    },
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      subscriptions.clear();
      await pool.end();
    },
  };
}

/**
 * Applies the migrations, one instance at a time: instances started together (replicas, a rolling
 * upgrade that brings a migration) would otherwise each find the same migrations missing and run
 * them side by side, and all but one fail. The others wait on the lock, then find nothing to do.
 */
async function migrateAlone(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('copro:migrations'))`);
    try {
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('copro:migrations'))`);
    }
  } finally {
    client.release();
  }
}

/** How long a lost LISTEN connection waits before it tries again. */
export const listenRetryMs = 1000;

/**
 * LISTEN on a connection of its own, opened again whenever it is lost (a database restart, the
 * network), until stopped: live events would otherwise stop silently. `ready` resolves once the
 * first connection listens, or rejects if it cannot, so a server that starts with no database fails.
 */
function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost?: () => void,
): { ready: Promise<void>; sync(): Promise<boolean>; stop(): Promise<void> } {
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;
  const later = (): void => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((error: unknown) => {
        console.error(`[database] listening on ${channel} again failed: ${(error as Error).message}`);
        later();
      });
    }, listenRetryMs);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    client.on('error', (error) => {
      console.error(`[database] listening connection lost: ${error.message}`);
      void client.end().catch(() => {});
    });
    client.on('end', () => {
      if (current === client) {
        current = null;
        onLost?.();
        later();
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
  };
  return {
    ready: connect(),
    // The backend sends the notifications it was signalled before it answers a later query, so once
    // this query is answered, every notification committed before it was sent has been handled.
    async sync() {
      const client = current;
      if (!client) return false;
      return client.query('select 1').then(
        () => current === client,
        () => false,
      );
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Where a test database may start from instead of an empty one: initdb and the migrations are
 * most of a small test file's time (test/global-setup.ts makes both once per run).
 */
export interface TestDatabaseTemplate {
  /** An in-memory PGlite, migrated, as `dumpDataDir` wrote it. */
  pglite?: Blob | undefined;
  /** A migrated PostgreSQL database that no one is connected to, copied by CREATE DATABASE … TEMPLATE. */
  postgres?: string | undefined;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database dropped by
 * `close`; empty, or a copy of `template`. Either way the migrations run on it, so a template a
 * migration behind still ends current.
 */
export async function openTestDatabase(template: TestDatabaseTemplate = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    return openDatabase({ dataDir: null, ...(template.pglite ? { loadDataDir: template.pglite } : {}) });
  const name = `copro_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template.postgres ? ` TEMPLATE ${template.postgres}` : ''}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: testUrl.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
