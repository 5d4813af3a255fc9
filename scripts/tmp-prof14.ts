// Throwaway: approximate time of each statement (time to the next one) during the measured run.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type Db } from '@copro/server/db/client';
import * as schema from '@copro/server/db/schema/index';
import { benchBilling20k } from './src/bench-budget';
import { benchPenalties20k } from './src/bench-money-in';
const stats = new Map<string, { n: number; ms: number }>();
let on = false;
let last: { key: string; t: number } | null = null;
const close = () => {
  if (last && on) {
    const s = stats.get(last.key) ?? { n: 0, ms: 0 };
    s.n += 1;
    s.ms += performance.now() - last.t;
    stats.set(last.key, s);
  }
  last = null;
};
const logger = {
  logQuery(query: string) {
    close();
    if (query.startsWith('select count(*) from fee_billings')) on = true;
    last = { key: query.replace(/\s+/g, ' ').slice(0, 120), t: performance.now() };
  },
};
const url = process.env.BENCH_URL;
let db: Db;
let finish: () => Promise<void>;
if (url) {
  const { openDatabase } = await import('@copro/server/db/client');
  await (await openDatabase({ url })).close();
  const pg = (await import('pg')).default;
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  finish = () => pool.end();
} else {
  const client = await PGlite.create();
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  db = drizzle(client, { schema, logger }) as unknown as Db;
  finish = () => client.close();
}
let commitMs = 0;
let commits = 0;
const realTransaction = db.transaction.bind(db);
(db as unknown as { transaction: unknown }).transaction = async (fn: (tx: unknown) => Promise<unknown>) => {
  let end = 0;
  const result = await realTransaction(async (tx) => {
    const r = await fn(tx);
    close();
    end = performance.now();
    return r;
  });
  commitMs += performance.now() - end;
  commits += 1;
  return result;
};
const what = process.argv[2];
const units = Number(process.env.UNITS ?? 2000);
const run = what === 'billing' ? benchBilling20k : benchPenalties20k;
console.log(JSON.stringify(await run(db, units)));
close();
let total = 0;
for (const v of stats.values()) total += v.ms;
console.log('total', total.toFixed(0), 'commits', commits, commitMs.toFixed(0));
for (const [k, v] of [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
  console.log(v.ms.toFixed(0).padStart(7), String(v.n).padStart(6), k);
await finish();
