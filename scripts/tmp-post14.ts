// Throwaway: CPU of postTransactions for 1000 fee-like postings, against the same rows written with unnest.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cents } from '@copro/domain';
import { openDatabase } from '@copro/server/db/client';
import { postTransactions } from '@copro/server/modules/ledger/index';
import { listRecords } from '@copro/server/modules/registry/records';
import { bulkBuilding } from './src/bench-budget';
const database = await openDatabase({ url: process.env.BENCH_URL, dataDir: null });
const db = database.db;
const { scope } = await bulkBuilding(db, 'post bench', 5000, 0);
const units = (await listRecords(db, scope, 'units')).map((u) => u.aid ?? 0);
const revenue = (await listRecords(db, scope, 'categories')).find((c) => c.data.systemKey === 'condoFees')?.aid ?? 0;
const system = { kind: 'system' as const, id: 'queue' };
const postings = (round: number) =>
  units.slice(round * 1000, round * 1000 + 1000).map((aid) => ({
    input: {
      date: '2026-02-01', description: `Monthly fee February 2026 — ${aid}`, kind: 'unitMonthlyFee' as const,
      taxes: [], indexes: [],
      subtransactions: [{ aid, amount: cents(20000) }, { aid: revenue, amount: cents(-18000) }, { aid: revenue, amount: cents(-2000) }],
    },
    extra: { batch: randomUUID(), details: { month: '2026-02-01', billedOn: '2026-02-15' }, meaning: { kind: 'monthlyFee' as const, month: '2026-02', member: String(aid) } },
  }));
const time = async (label: string, run: () => Promise<unknown>) => {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await run();
  const c = process.cpuUsage(c0);
  console.log(label, 'wall', (performance.now() - t0).toFixed(0), 'cpu', ((c.user + c.system) / 1000).toFixed(0));
};
for (let round = 0; round < 2; round += 1)
  await time(`postTransactions 1000 #${round}`, () => db.transaction((tx) => postTransactions(tx, scope, system, postings(round))));
for (let round = 2; round < 4; round += 1) {
  await time(`unnest 1000 #${round}`, () => db.transaction(async (tx) => {
    const ps = postings(round).map((p) => ({ ...p, uuid: randomUUID() }));
    await tx.execute(sql`insert into transactions (building_id, uuid, fiscal_year, date, description, kind, batch, details, meaning, indexes, created_by, created_at)
      select ${scope.buildingId}, u, ${scope.fiscalYear}, d, ds, k, b, det, m, i, ${JSON.stringify(system)}::jsonb, clock_timestamp()
      from unnest(${sql.param(ps.map((p) => p.uuid))}::uuid[], ${sql.param(ps.map((p) => p.input.date))}::date[], ${sql.param(ps.map((p) => p.input.description))}::text[],
        ${sql.param(ps.map((p) => p.input.kind))}::text[], ${sql.param(ps.map((p) => p.extra.batch))}::uuid[], ${sql.param(ps.map((p) => JSON.stringify(p.extra.details)))}::jsonb[],
        ${sql.param(ps.map((p) => JSON.stringify(p.extra.meaning)))}::jsonb[]) as r(u, d, ds, k, b, det, m)
      cross join lateral (select array['aid:' || 1]::text[] as i) x`);
    const lines = ps.flatMap((p) => p.input.subtransactions.map((l, line) => ({ uuid: p.uuid, line, aid: l.aid, amount: l.amount })));
    await tx.execute(sql`insert into subtransactions (building_id, transaction_uuid, line, aid, amount, date)
      select ${scope.buildingId}, u, l, a, m, '2026-02-01' from unnest(${sql.param(lines.map((l) => l.uuid))}::uuid[], ${sql.param(lines.map((l) => l.line))}::int[],
        ${sql.param(lines.map((l) => l.aid))}::int[], ${sql.param(lines.map((l) => l.amount))}::bigint[]) as r(u, l, a, m)`);
    await tx.execute(sql`insert into activity_log (building_id, id, date, last_modified, message, indexes, schema_version, source, event, metadata)
      select ${scope.buildingId}, gen_random_uuid(), ${Date.now()}, ${Date.now()}, msg, jsonb_build_array(u::text), 1, ${JSON.stringify(system)}::jsonb, 'transactionAdded', jsonb_build_object('uuid', u)
      from unnest(${sql.param(ps.map((p) => p.uuid))}::uuid[], ${sql.param(ps.map((p) => `Transaction added: ${p.input.description}`))}::text[]) as r(u, msg)`);
  }));
}
await database.close();
