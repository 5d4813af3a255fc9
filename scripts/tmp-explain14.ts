// Throwaway: the plan of unitPostings on a bulk building, before any run (no statistics).
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@copro/server/db/client';
import { owingBuilding } from './src/bench-money-in';
const database = await openDatabase({ dataDir: null });
const db = database.db;
const units = Number(process.env.UNITS ?? 2000);
const scope = await owingBuilding(db, units);
const aids = (await rowsOf<{ aid: number }>(db, sql`select aid from ledger_accounts where building_id = ${scope.buildingId} and kind = 'unit'`)).map((r) => Number(r.aid));
const q = sql`explain analyze select s.aid, t.uuid, t.date::text as date, t.kind, t.description, t.meaning, sum(s.amount) as amount,
        t.details->>'billedOn' as billed_on, t.details->'openingPenalties'->>(s.aid::text) as penalties
      from subtransactions s
      cross join lateral (
        select t.uuid, t.date, t.kind, t.description, t.meaning, t.details, t.created_at from transactions t
        where t.building_id = s.building_id and t.uuid = s.transaction_uuid
          and t.fiscal_year = '2026-01-01' and t.status <> 'cancelled'
        offset 0
      ) t
      where s.building_id = ${scope.buildingId} and s.aid = any(${sql.param(aids)}::integer[])
      group by s.aid, t.uuid, t.date, t.kind, t.description, t.meaning, t.details, t.created_at
      order by t.date, t.created_at, t.uuid`;
for (const r of await rowsOf<Record<string, string>>(db, q)) console.log(Object.values(r)[0]);
await database.close();
