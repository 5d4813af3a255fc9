import { sql, type SQL } from 'drizzle-orm';

/**
 * What the ledger shows other areas of a bank account's movements (DOMAIN 9), as a subquery they
 * can join with their own tables (the reconciliation's ticks) without reading the ledger's:
 * one row per transaction that touches the bank account `aid`, across every fiscal year, with
 * `amount` the sum of its lines on that account (a debit of the bank, money in, is positive).
 *
 * Columns: `transaction_uuid`, `fiscal_year` (text), `date` (text), `description`, `meaning`,
 * `kind`, `check_number`, `amount` (bigint cents), `cancelled` (boolean).
 *
 * A year's opening writing (`details.opening`) is not a movement of the bank: it is left out. A
 * cancelled transaction is kept (with `cancelled`) so a period that ticked it can show it changed;
 * callers that list what may be ticked leave the cancelled ones out.
 */
export function bankLinesSql(buildingId: string, aid: number, where: SQL = sql`true`): SQL {
  return sql`(select t.uuid as transaction_uuid, t.fiscal_year::text as fiscal_year, t.date::text as date,
      t.description, t.meaning, t.kind, coalesce(max(s.check_number), t.check_number) as check_number,
      sum(s.amount)::bigint as amount, (t.status = 'cancelled') as cancelled
    from subtransactions s
    join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
    where s.building_id = ${buildingId} and s.aid = ${aid}
      and coalesce(t.details ->> 'opening', 'false') <> 'true' and ${where}
    group by t.uuid, t.fiscal_year, t.date, t.description, t.meaning, t.kind, t.check_number, t.status)`;
}

/** The row `bankLinesSql` gives, as the database driver answers it. */
export interface BankLineRow {
  transaction_uuid: string;
  fiscal_year: string;
  date: string;
  description: string;
  meaning: unknown;
  kind: string;
  check_number: string | null;
  amount: string | number;
  cancelled: boolean;
}
