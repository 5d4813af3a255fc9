import { sql } from 'drizzle-orm';
import { transactionMeaningSchema, type Cents, type PaidBy, type UnitPosting } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import { centsFromSql } from '../../db/money';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { ledgerAccountsOfKind } from '../ledger';

/**
 * The non-cancelled lines of unit accounts in a year, by account, in date order: what aging,
 * arrears, penalties and statements are computed from. `aids` narrows it to some accounts. A
 * charge billed after its date carries `billedOn`; an opening balance carries the unpaid
 * penalties it holds (`openingPenalties` of the rollover), so penalties stay penalties. A line the
 * system wrote carries what it means, for statements to read it in their reader's language.
 *
 * Read as three single-table queries joined here: a join of lines, transactions and accounts is
 * planned from statistics, and a table that has none (PGlite never analyzes on its own) got a
 * nested loop over every transaction and account, quadratic in the building's size.
 */
export async function unitPostings(
  db: DbOrTx,
  scope: YearScope,
  aids?: readonly number[],
): Promise<Map<number, UnitPosting[]>> {
  if (aids && aids.length === 0) return new Map();
  const narrowed = aids ? new Set(aids) : null;
  const units = (await ledgerAccountsOfKind(db, scope.buildingId, 'unit'))
    .map((a) => a.aid)
    .filter((aid) => !narrowed || narrowed.has(aid));
  if (units.length === 0) return new Map();
  // A line carries its transaction's date, and a year's transactions are dated within it.
  const lines = await rowsOf<{ uuid: string; aid: number; amount: string }>(
    db,
    sql`select transaction_uuid as uuid, aid, sum(amount) as amount from subtransactions
      where building_id = ${scope.buildingId} and aid = any(${sql.param(units)}::integer[])
        and date >= ${scope.fiscalYear}
        and date <= (select end_date from fiscal_years
          where building_id = ${scope.buildingId} and start_date = ${scope.fiscalYear})
      group by transaction_uuid, aid`,
  );
  const linesOf = new Map<string, { aid: number; amount: Cents }[]>();
  for (const line of lines) {
    const amount = centsFromSql(line.amount);
    if (amount === 0) continue;
    const known = linesOf.get(line.uuid);
    if (known) known.push({ aid: Number(line.aid), amount });
    else linesOf.set(line.uuid, [{ aid: Number(line.aid), amount }]);
  }
  if (linesOf.size === 0) return new Map();
  const transactions = await rowsOf<{
    uuid: string;
    date: string;
    kind: string;
    description: string;
    meaning: unknown;
    billed_on: string | null;
    penalties: Record<string, string | number> | null;
  }>(
    db,
    sql`select uuid, date::text as date, kind, description, meaning, details->>'billedOn' as billed_on,
        details->'openingPenalties' as penalties
      from transactions
      where building_id = ${scope.buildingId} and fiscal_year = ${scope.fiscalYear} and status <> 'cancelled'
        ${narrowed ? sql`and uuid = any(${sql.param([...linesOf.keys()])}::uuid[])` : sql``}
      order by date, created_at, uuid`,
  );
  const byAid = new Map<number, UnitPosting[]>();
  for (const t of transactions) {
    const meaning = transactionMeaningSchema.safeParse(t.meaning);
    for (const { aid, amount } of linesOf.get(t.uuid) ?? []) {
      const posting: UnitPosting = {
        uuid: t.uuid,
        date: t.date,
        kind: t.kind,
        description: t.description,
        amount,
      };
      if (meaning.success) posting.meaning = meaning.data;
      if (t.billed_on) posting.billedOn = t.billed_on;
      const penalties = t.penalties?.[String(aid)];
      if (penalties !== undefined && penalties !== null) posting.penalties = centsFromSql(penalties);
      const list = byAid.get(aid);
      if (list) list.push(posting);
      else byAid.set(aid, [posting]);
    }
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
