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
  /** Subscribes to a LISTEN channel on a connection of its own; resolves to an unsubscribe. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

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
}): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir ?? null);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, failover) must not crash the process: the pool
  // drops it and opens another on the next query.
  pool.on('error', (error) => console.error(`[database] idle connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
  const listeners: pg.Client[] = [];
  return {
    db,
    driver: 'pg',
    url,
    async listen(channel, onPayload) {
      let client: pg.Client | null = null;
      let closed = false;
      // A dropped LISTEN connection (server restart, network) is opened again, or live events would stop silently.
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (n) => {
          if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
        });
        next.on('error', () => {
          void next.end().catch(() => {});
        });
        next.on('end', () => {
          listeners.splice(listeners.indexOf(next), 1);
          if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
        });
        await next.connect();
        await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listeners.push(next);
        client = next;
      };
      await connect();
      return async () => {
        closed = true;
        await (client as pg.Client | null)?.end();
      };
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end()));
      await pool.end();
    },
  };
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new PostgreSQL database dropped by `close`. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ dataDir: null });
  const name = `copro_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
