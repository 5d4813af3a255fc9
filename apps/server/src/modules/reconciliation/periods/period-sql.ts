import { sql, type SQL } from 'drizzle-orm';
import { subtractCents, type Cents } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { reconciliationClearing } from '../../../db/schema/index';
import { accountBalance, bankLinesSql, type BankLineRow } from '../../ledger';
import type { ReconciledBank } from './bank';

/**
 * The SQL of the periods: the ledger's bank lines (`bankLinesSql`, one row per transaction
 * touching the bank) with this area's ticks, read through the index of the bank's account and
 * dates or by the transactions' keys, never one query per line. Each tick is looked up by its key,
 * never joined as a relation: on stale planner statistics (the embedded database analyzes every
 * few minutes) a join was nested-looped over every tick of the bank for every line, and 2,500
 * ticks took minutes.
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

/** A bank line with the period it is ticked in, if any. */
export interface TickedLineRow extends BankLineRow {
  period_uuid: string | null;
}

/** What the periods' sums, checks and re-checks read of a ticked transaction. */
export type TickedLine = Pick<
  TickedLineRow,
  'transaction_uuid' | 'date' | 'amount' | 'cancelled' | 'period_uuid'
>;

type Tick = { transaction_uuid: string; period_uuid: string };

/**
 * The lines of what the periods named tick (cancelled ones included), and of the other
 * transactions named (`also`: what their snapshots held, what a write names), each with the period
 * it is ticked in. Read in steps (the ticks, then the lines by uuid) and put together here; the
 * descriptions are read apart, for the few transactions a change names (`descriptionsOf`).
 */
export async function tickedLines(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  periodUuids: readonly string[],
  also: readonly string[] = [],
): Promise<TickedLine[]> {
  const ticks =
    periodUuids.length === 0
      ? []
      : await rowsOf<Tick>(
          db,
          sql`select transaction_uuid, period_uuid from ${reconciliationClearing}
            where building_id = ${buildingId} and bank_uuid = ${bank.uuid}
              and period_uuid = any(${param(periodUuids)})`,
        );
  const periodOf = new Map(ticks.map((t) => [t.transaction_uuid, t.period_uuid]));
  const others = [...new Set(also)].filter((uuid) => !periodOf.has(uuid));
  if (others.length > 0) {
    const found = await rowsOf<Tick>(
      db,
      sql`select transaction_uuid, period_uuid from ${reconciliationClearing}
        where building_id = ${buildingId} and bank_uuid = ${bank.uuid} and transaction_uuid = any(${param(others)})`,
    );
    for (const t of found) periodOf.set(t.transaction_uuid, t.period_uuid);
  }
  const uuids = [...ticks.map((t) => t.transaction_uuid), ...others];
  if (uuids.length === 0) return [];
  const lines = await rowsOf<Omit<TickedLine, 'period_uuid'>>(
    db,
    sql`select b.transaction_uuid, b.date, b.amount, b.cancelled
      from ${bankLinesSql(buildingId, bank.aid, sql`s.transaction_uuid = any(${param(uuids)})`)} b`,
  );
  return lines.map((line) => ({ ...line, period_uuid: periodOf.get(line.transaction_uuid) ?? null }));
}

/** What each period ticks, from its ticked lines. */
export function sumTicks(lines: readonly TickedLine[]): Map<string, ClearedSums> {
  const sums = new Map<
    string,
    { credits: number; debits: number; count: number; cancelled: number; latest: string | null }
  >();
  for (const line of lines) {
    if (line.period_uuid === null) continue;
    const sum = sums.get(line.period_uuid) ?? { credits: 0, debits: 0, count: 0, cancelled: 0, latest: null };
    sums.set(line.period_uuid, sum);
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

/** The ticks of each period named, by period. */
export async function clearedSums(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  periodUuids: readonly string[],
): Promise<Map<string, ClearedSums>> {
  return sumTicks(await tickedLines(db, buildingId, bank, periodUuids));
}

/**
 * The period a transaction is ticked in for the bank (null when none), by the tick's key: a scalar
 * subquery, which the planner neither flattens into a join nor runs as a scan of the bank's ticks.
 */
const tickedIn = (buildingId: string, bank: Bank, transactionUuid: SQL): SQL =>
  sql`(select c.period_uuid from ${reconciliationClearing} c
      where c.building_id = ${buildingId} and c.bank_uuid = ${bank.uuid} and c.transaction_uuid = ${transactionUuid})`;

/** The bank's lines with the period each is ticked in. */
const withTicks = (buildingId: string, bank: Bank, where: SQL): SQL =>
  sql`select b.*, ${tickedIn(buildingId, bank, sql`b.transaction_uuid`)} as period_uuid
    from ${bankLinesSql(buildingId, bank.aid, where)} b`;

/** The stored description and meaning of each transaction named, for its reader's description. */
export async function descriptionsOf(
  db: DbOrTx,
  buildingId: string,
  bank: Bank,
  uuids: readonly string[],
): Promise<Map<string, Pick<BankLineRow, 'description' | 'meaning'>>> {
  if (uuids.length === 0) return new Map();
  const rows = await rowsOf<Pick<BankLineRow, 'transaction_uuid' | 'description' | 'meaning'>>(
    db,
    sql`select b.transaction_uuid, b.description, b.meaning from ${bankLinesSql(
      buildingId,
      bank.aid,
      sql`s.transaction_uuid = any(${param([...new Set(uuids)])})`,
    )} b`,
  );
  return new Map(rows.map((r) => [r.transaction_uuid, r]));
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
 * ticks, so what earlier periods left outstanding carries forward (one whose lines on the bank add
 * up to nothing moved no money: left out), by date; the page asked for, and over the whole list
 * the count shown and what is still outstanding. One query: the list is read once, its totals and
 * its page come from the same rows.
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
  // Left out before the lines are grouped: what another period ticks (most of the bank's history).
  const tick = tickedIn(buildingId, bank, sql`s.transaction_uuid`);
  const candidates = sql`s.date < ${period.periodEnd} and t.status <> 'cancelled'
    and coalesce(${tick}, ${period.uuid}::uuid) = ${period.uuid}::uuid`;
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
          from (${withTicks(buildingId, bank, candidates)}) w
          where w.amount <> 0
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
