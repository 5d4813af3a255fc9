import { sql, type SQL } from 'drizzle-orm';
import { subtractCents, type Cents } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { reconciliationClearing } from '../../../db/schema/index';
import { accountBalance, bankLinesSql, type BankLineRow } from '../../ledger';
import type { ReconciledBank } from './bank';

/**
 * The SQL of the periods: each query joins the ledger's bank lines (`bankLinesSql`, one row per
 * transaction touching the bank) with this area's ticks, reading the bank's lines through the
 * index of its account and dates, or the transactions named, never one query per line.
 */

type Bank = Pick<ReconciledBank, 'uuid' | 'aid'>;

const param = (values: readonly string[]): SQL => sql`${sql.param([...values])}::uuid[]`;

/** What is ticked in a period: money in and out of its live transactions, and the cancelled ones. */
export interface ClearedSums {
  credits: Cents;
  debits: Cents;
  count: number;
  /** Ticked transactions cancelled since: they no longer count. */
  cancelled: number;
  /** The latest date of the live transactions ticked: a moved end may not pass it. */
  latest: string | null;
}

export const noSums: ClearedSums = {
  credits: centsFromSql(0),
  debits: centsFromSql(0),
  count: 0,
  cancelled: 0,
  latest: null,
};

/**
 * The ticks of each period named, by period. Read in two steps, the ticks and then their
 * transactions' lines by uuid, and added up here: the plan stays an index walk however stale the
 * planner's statistics (joined in one query, a freshly ticked period was nested-looped over the
 * bank's lines, one pass per tick: 2,500 ticks took minutes until the next analyze).
 */
export async function clearedSums(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  periodUuids: readonly string[],
): Promise<Map<string, ClearedSums>> {
  if (periodUuids.length === 0) return new Map();
  const ticks = await rowsOf<{ transaction_uuid: string; period_uuid: string }>(
    db,
    sql`select transaction_uuid, period_uuid from ${reconciliationClearing}
        where building_id = ${buildingId} and bank_uuid = ${bank.uuid} and period_uuid = any(${param(periodUuids)})`,
  );
  if (ticks.length === 0) return new Map();
  const lines = await rowsOf<Pick<BankLineRow, 'transaction_uuid' | 'amount' | 'cancelled' | 'date'>>(
    db,
    sql`select b.transaction_uuid, b.amount, b.cancelled, b.date from ${bankLinesSql(
      buildingId,
      bank.aid,
      sql`s.transaction_uuid = any(${param(ticks.map((t) => t.transaction_uuid))})`,
    )} b`,
  );
  const periodOf = new Map(ticks.map((t) => [t.transaction_uuid, t.period_uuid]));
  const sums = new Map<
    string,
    { credits: number; debits: number; count: number; cancelled: number; latest: string | null }
  >();
  for (const line of lines) {
    const period = periodOf.get(line.transaction_uuid);
    if (period === undefined) continue;
    const sum = sums.get(period) ?? { credits: 0, debits: 0, count: 0, cancelled: 0, latest: null };
    sums.set(period, sum);
    if (line.cancelled) {
      sum.cancelled += 1;
      continue;
    }
    const amount = centsFromSql(line.amount);
    if (amount > 0) sum.credits += amount;
    else sum.debits -= amount;
    sum.count += 1;
    if (sum.latest === null || line.date > sum.latest) sum.latest = line.date;
  }
  return new Map(
    [...sums].map(([period, sum]) => [
      period,
      { ...sum, credits: centsFromSql(sum.credits), debits: centsFromSql(sum.debits) },
    ]),
  );
}

/** A bank line with the period it is ticked in, if any. */
export interface TickedLineRow extends BankLineRow {
  period_uuid: string | null;
}

const withTicks = (buildingId: string, bank: Bank, where: SQL): SQL =>
  sql`select b.*, c.period_uuid from ${bankLinesSql(buildingId, bank.aid, where)} b
    left join ${reconciliationClearing} c on c.building_id = ${buildingId} and c.bank_uuid = ${bank.uuid}
      and c.transaction_uuid = b.transaction_uuid`;

/** The bank's lines of the transactions named (cancelled ones included), each with its tick. */
export async function linesOfTransactions(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  uuids: readonly string[],
): Promise<TickedLineRow[]> {
  if (uuids.length === 0) return [];
  return rowsOf<TickedLineRow>(
    db,
    withTicks(buildingId, bank, sql`s.transaction_uuid = any(${param([...new Set(uuids)])})`),
  );
}

/** The transactions ticked in a period (cancelled ones included). */
export async function clearedUuidsOf(db: DbOrTx, buildingId: string, periodUuid: string): Promise<string[]> {
  const rows = await rowsOf<{ transaction_uuid: string }>(
    db,
    sql`select transaction_uuid from ${reconciliationClearing}
        where building_id = ${buildingId} and period_uuid = ${periodUuid}`,
  );
  return rows.map((r) => r.transaction_uuid);
}

export interface LinesPageQuery {
  show: 'all' | 'cleared' | 'uncleared';
  page: number;
  pageSize: number;
}

export interface LinesPage {
  rows: (TickedLineRow & { cleared: boolean })[];
  total: number;
  outstandingCredits: Cents;
  outstandingDebits: Cents;
  outstandingCount: number;
}

/**
 * A period's tick list: the bank's live transactions dated before its end that no other period
 * ticks (a transaction whose lines on the bank add up to nothing moved no money: left out) (so what earlier periods left outstanding carries forward), by date; the page asked for,
 * and over the whole list the count shown and what is still outstanding. One query: the list is
 * read once, its totals and its page come from the same rows.
 */
export async function periodLinesPage(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  period: { uuid: string; periodEnd: string },
  query: LinesPageQuery,
): Promise<LinesPage> {
  const shown =
    query.show === 'cleared' ? sql`l.cleared` : query.show === 'uncleared' ? sql`not l.cleared` : sql`true`;
  const rows = await rowsOf<
    Partial<TickedLineRow> & {
      cleared: boolean | null;
      total: string | number;
      outstanding_credits: string | number;
      outstanding_debits: string | number;
      outstanding_count: string | number;
    }
  >(
    db,
    sql`with l as materialized (
          select w.*, (w.period_uuid is not null) as cleared
          from (${withTicks(buildingId, bank, sql`s.date < ${period.periodEnd} and t.status <> 'cancelled'`)}) w
          where (w.period_uuid is null or w.period_uuid = ${period.uuid}) and w.amount <> 0
        ),
        totals as (
          select count(*) filter (where ${shown}) as total,
            coalesce(sum(l.amount) filter (where not l.cleared and l.amount > 0), 0) as outstanding_credits,
            coalesce(-sum(l.amount) filter (where not l.cleared and l.amount < 0), 0) as outstanding_debits,
            count(*) filter (where not l.cleared) as outstanding_count
          from l
        )
        select totals.*, page.* from totals left join lateral (
          select l.* from l where ${shown}
          order by l.date, l.transaction_uuid
          limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
        ) page on true`,
  );
  const first = rows[0];
  return {
    rows: rows.flatMap((r) =>
      r.transaction_uuid === undefined || r.transaction_uuid === null
        ? []
        : [{ ...(r as TickedLineRow), cleared: r.cleared === true }],
    ),
    total: Number(first?.total ?? 0),
    outstandingCredits: centsFromSql(first?.outstanding_credits),
    outstandingDebits: centsFromSql(first?.outstanding_debits),
    outstandingCount: Number(first?.outstanding_count ?? 0),
  };
}

/** The date of the bank's earliest live transaction that no period ticks, if any. */
export async function earliestUnticked(db: DbOrTx, buildingId: string, bank: Bank): Promise<string | null> {
  const [row] = await rowsOf<{ earliest: string | null }>(
    db,
    sql`select min(w.date) as earliest from (${withTicks(buildingId, bank, sql`t.status <> 'cancelled'`)}) w
        where w.period_uuid is null and w.amount <> 0`,
  );
  return row?.earliest ?? null;
}

/**
 * The bank's ledger balance at the start of `date`: the balance of the fiscal year `year` holding
 * it (its opening included) less that year's movements dated on or after it.
 */
export async function balanceBefore(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  date: string,
  year: string,
): Promise<Cents> {
  const scope = { buildingId, fiscalYear: year };
  const [later] = await rowsOf<{ amount: string | number | null }>(
    db,
    sql`select sum(b.amount) as amount from ${bankLinesSql(
      buildingId,
      bank.aid,
      sql`t.fiscal_year = ${year} and s.date >= ${date} and t.status <> 'cancelled'`,
    )} b`,
  );
  return subtractCents(await accountBalance(db, scope, bank.aid), centsFromSql(later?.amount));
}
