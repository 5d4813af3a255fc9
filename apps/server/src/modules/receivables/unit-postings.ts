import { sql } from 'drizzle-orm';
import type { UnitPosting } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import type { YearScope } from '../../platform/fiscal-year-scope';

/**
 * The non-cancelled lines of unit accounts in a year, by account, in date order: what aging,
 * arrears, penalties and statements are computed from. `aids` narrows it to some accounts.
 */
export async function unitPostings(
  db: DbOrTx,
  scope: YearScope,
  aids?: readonly number[],
): Promise<Map<number, UnitPosting[]>> {
  if (aids && aids.length === 0) return new Map();
  const only = aids
    ? sql`and s.aid in (${sql.join(
        aids.map((aid) => sql`${aid}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await rowsOf<{
    aid: number;
    uuid: string;
    date: string;
    kind: string;
    description: string;
    amount: string;
  }>(
    db,
    sql`select s.aid, t.uuid, t.date::text as date, t.kind, t.description, sum(s.amount) as amount
      from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      join ledger_accounts a on a.building_id = s.building_id and a.aid = s.aid and a.kind = 'unit'
      where s.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear}
        and t.status <> 'cancelled' ${only}
      group by s.aid, t.uuid, t.date, t.kind, t.description, t.created_at
      order by t.date, t.created_at, t.uuid`,
  );
  const byAid = new Map<number, UnitPosting[]>();
  for (const r of rows) {
    const amount = Number(r.amount);
    if (amount === 0) continue;
    const list = byAid.get(Number(r.aid)) ?? [];
    list.push({ uuid: r.uuid, date: r.date, kind: r.kind, description: r.description, amount });
    byAid.set(Number(r.aid), list);
  }
  return byAid;
}
