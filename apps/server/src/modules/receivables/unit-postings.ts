import { sql } from 'drizzle-orm';
import { transactionMeaningSchema, type PaidBy, type UnitPosting } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import { centsFromSql } from '../../db/money';
import type { YearScope } from '../../platform/fiscal-year-scope';

/**
 * The non-cancelled lines of unit accounts in a year, by account, in date order: what aging,
 * arrears, penalties and statements are computed from. `aids` narrows it to some accounts. A
 * charge billed after its date carries `billedOn`; an opening balance carries the unpaid
 * penalties it holds (`openingPenalties` of the rollover), so penalties stay penalties. A line the
 * system wrote carries what it means, for statements to read it in their reader's language.
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
    meaning: unknown;
    amount: string;
    billed_on: string | null;
    penalties: string | null;
  }>(
    db,
    sql`select s.aid, t.uuid, t.date::text as date, t.kind, t.description, t.meaning, sum(s.amount) as amount,
        max(t.details->>'billedOn') as billed_on, max(t.details->'openingPenalties'->>(s.aid::text)) as penalties
      from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      join ledger_accounts a on a.building_id = s.building_id and a.aid = s.aid and a.kind = 'unit'
      where s.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear}
        and t.status <> 'cancelled' ${only}
      group by s.aid, t.uuid, t.date, t.kind, t.description, t.meaning, t.created_at
      order by t.date, t.created_at, t.uuid`,
  );
  const byAid = new Map<number, UnitPosting[]>();
  for (const r of rows) {
    const amount = centsFromSql(r.amount);
    if (amount === 0) continue;
    const list = byAid.get(Number(r.aid)) ?? [];
    const posting: UnitPosting = {
      uuid: r.uuid,
      date: r.date,
      kind: r.kind,
      description: r.description,
      amount,
    };
    const meaning = transactionMeaningSchema.safeParse(r.meaning);
    if (meaning.success) posting.meaning = meaning.data;
    if (r.billed_on) posting.billedOn = r.billed_on;
    if (r.penalties) posting.penalties = centsFromSql(r.penalties);
    list.push(posting);
    byAid.set(Number(r.aid), list);
  }
  return byAid;
}

/**
 * How the year's unit payments on `aids` were paid, by `${aid}:${transaction uuid}`: each of the
 * payment's lines on that account, with its check number (the line's, else the payment's) or its
 * method (a deposit's line without a check is cash). Statements describe payments with it.
 */
export async function paymentsPaidBy(
  db: DbOrTx,
  scope: YearScope,
  aids: readonly number[],
): Promise<Map<string, PaidBy[]>> {
  if (aids.length === 0) return new Map();
  const rows = await rowsOf<{ aid: number; uuid: string; method: string | null; check: string | null }>(
    db,
    sql`select s.aid, t.uuid, coalesce(s.check_number, t.check_number) as check,
        case when coalesce(s.check_number, t.check_number) is not null then 'check'
          else coalesce(t.payment_method, case when t.deposit is not null then 'cash' end) end as method
      from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      where s.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear}
        and t.status <> 'cancelled' and t.kind = 'unitPayment'
        and s.aid in (${sql.join(
          aids.map((aid) => sql`${aid}`),
          sql`, `,
        )})
      order by t.uuid, s.line`,
  );
  const paidBy = new Map<string, PaidBy[]>();
  for (const r of rows) {
    const key = `${Number(r.aid)}:${r.uuid}`;
    paidBy.set(key, [...(paidBy.get(key) ?? []), { method: r.method, check: r.check }]);
  }
  return paidBy;
}
