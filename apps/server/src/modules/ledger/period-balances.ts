import { sql, type SQL } from 'drizzle-orm';
import { addDays, cents, monthOf, type AccountMovement, type Cents } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import { centsFromSql } from '../../db/money';
import type { YearScope } from '../../platform/fiscal-year-scope';

/**
 * What the ledger tells the financial statements (DOMAIN 10) of a period [from, to] inside a
 * fiscal year, without reading every posting:
 *
 * - whole months come from `account_months` (a row per account and month, kept in step by the
 *   database), so a year of a million postings is a few thousand rows;
 * - a month the period cuts (its first or last) is split at the period's edges: of its parts
 *   (before the period, inside it, after it), all but the longest are read from the lines (each
 *   account's lines of those days, by the `(building, aid, date)` index) and the longest is the
 *   month's row less them, so at most half a month of lines is ever read;
 * - the year's opening writing (`details.opening`, dated the year's first day) is the opening
 *   balance, never a movement: it is taken out of its month and into the opening.
 *
 * Cancelled transactions count nowhere, as in `account_months`.
 */

/** An account's movement in one month of the period, with how many lines it had. */
export interface PeriodMovement extends AccountMovement {
  lines: number;
}

export interface PeriodBalances {
  /** Each account's balance before `from` (the year's opening writing included), when not zero. */
  opening: Map<number, Cents>;
  /** What was posted from `from` to `to`, per account and month (the edge months: their days in the period). */
  movements: PeriodMovement[];
}

interface Sums {
  debits: number;
  credits: number;
  lines: number;
}

interface SumRow {
  aid: number;
  debits: string | number | null;
  credits: string | number | null;
  lines: string | number;
}

const endOfMonth = (month: string): string => {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
const days = (start: string, end: string): number => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

/** The year's transactions that count as movements (not cancelled, not the opening writing). */
const counted = (scope: YearScope): SQL =>
  sql`t.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear} and t.status <> 'cancelled'
    and coalesce(t.details ->> 'opening', 'false') <> 'true'`;

const sumsOf = (rows: readonly SumRow[]): Map<number, Sums> =>
  new Map(
    rows.map((r) => [
      Number(r.aid),
      { debits: centsFromSql(r.debits), credits: centsFromSql(r.credits), lines: Number(r.lines) },
    ]),
  );

/** Where a month is read from: the accounts it moved and the building's fiscal years. */
interface MonthReading {
  aids: readonly number[];
  years: readonly string[];
}

/**
 * The lines of the transaction `t` (a row with `building_id` and `uuid`), for a lateral join: each
 * transaction's lines through their key. `offset 0` keeps PostgreSQL from flattening the subquery
 * into a plain join, which would leave it free to choose the join; with stale statistics (no
 * autovacuum yet, or none at all in the embedded database) it takes every range for a row or two
 * and may rescan the period's lines once for each transaction.
 */
const transactionLines = (t: SQL): SQL =>
  sql`select s.aid, s.amount from subtransactions s
    where s.building_id = ${t}.building_id and s.transaction_uuid = ${t}.uuid offset 0`;

const sumsSql = sql`sum(greatest(s.amount, 0)) as debits, sum(greatest(-s.amount, 0)) as credits, count(*) as lines`;

/**
 * Each account's sums over the year's movements dated `start` to `end` (within one month): the
 * accounts' lines of those days, a range of the `(building, aid, date)` index each, less the
 * lines there that are not the year's movements (another year's, a cancelled transaction's, the
 * opening writing's), found among the transactions of those days through their own index.
 */
async function sumsBetween(
  db: DbOrTx,
  scope: YearScope,
  start: string,
  end: string,
  reading: MonthReading,
): Promise<Map<number, Sums>> {
  const all = sumsOf(
    await rowsOf<SumRow>(
      db,
      sql`select s.aid, ${sumsSql} from subtransactions s
        where s.building_id = ${scope.buildingId} and s.aid = any(${sql.param([...reading.aids])}::int[])
          and s.date >= ${start} and s.date <= ${end}
        group by s.aid`,
    ),
  );
  const outside = sumsOf(
    await rowsOf<SumRow>(
      db,
      sql`select s.aid, ${sumsSql} from transactions t
        cross join lateral (${transactionLines(sql`t`)}) s
        where t.building_id = ${scope.buildingId} and t.fiscal_year = any(${sql.param([...reading.years])}::date[])
          and t.date >= ${start} and t.date <= ${end}
          and (t.fiscal_year <> ${scope.fiscalYear} or t.status = 'cancelled'
            or (t.date = ${scope.fiscalYear} and t.details ->> 'opening' = 'true'))
        group by s.aid`,
    ),
  );
  for (const [aid, o] of outside) {
    const s = all.get(aid);
    if (s)
      all.set(aid, { debits: s.debits - o.debits, credits: s.credits - o.credits, lines: s.lines - o.lines });
  }
  return all;
}

type Part = 'before' | 'inside' | 'after';

export async function periodBalances(
  db: DbOrTx,
  scope: YearScope,
  period: { from: string; to: string },
): Promise<PeriodBalances> {
  const { from, to } = period;
  const fromMonth = monthOf(from);
  const toMonth = monthOf(to);
  const monthRows = await rowsOf<SumRow & { month: string }>(
    db,
    sql`select aid, month::text as month, debits, credits, postings as lines from account_months
      where building_id = ${scope.buildingId} and fiscal_year = ${scope.fiscalYear} and month <= ${toMonth}
        and postings > 0`,
  );
  const openingWriting = sumsOf(
    await rowsOf<SumRow>(
      db,
      sql`select s.aid, ${sumsSql} from transactions t
        cross join lateral (${transactionLines(sql`t`)}) s
        where t.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear}
          and t.date = ${scope.fiscalYear} and t.status <> 'cancelled' and t.details ->> 'opening' = 'true'
        group by s.aid`,
    ),
  );
  const years = (
    await rowsOf<{ start: string }>(
      db,
      sql`select start_date::text as start from fiscal_years where building_id = ${scope.buildingId}`,
    )
  ).map((y) => y.start);
  // Month → account → what the month's row holds, the opening writing taken out of its month.
  const months = new Map<string, Map<number, Sums>>();
  for (const r of monthRows) {
    const byAid = months.get(r.month) ?? new Map<number, Sums>();
    byAid.set(Number(r.aid), {
      debits: centsFromSql(r.debits),
      credits: centsFromSql(r.credits),
      lines: Number(r.lines),
    });
    months.set(r.month, byAid);
  }
  const opening = new Map<number, number>();
  const addOpening = (aid: number, s: Sums) =>
    opening.set(aid, (opening.get(aid) ?? 0) + s.debits - s.credits);
  const firstMonth = months.get(monthOf(scope.fiscalYear));
  for (const [aid, s] of openingWriting) {
    addOpening(aid, s);
    const month = firstMonth?.get(aid);
    if (month)
      firstMonth?.set(aid, {
        debits: month.debits - s.debits,
        credits: month.credits - s.credits,
        lines: month.lines - s.lines,
      });
  }

  const movements: PeriodMovement[] = [];
  const move = (aid: number, month: string, s: Sums) => {
    if (s.lines > 0)
      movements.push({ aid, month, debits: cents(s.debits), credits: cents(s.credits), lines: s.lines });
  };
  for (const [month, byAid] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
    if (month < fromMonth) for (const [aid, s] of byAid) addOpening(aid, s);
    else if (month > fromMonth && month < toMonth) for (const [aid, s] of byAid) move(aid, month, s);
    else if (month === fromMonth || month === toMonth) {
      const reading = { aids: [...byAid.keys()], years };
      for (const [part, sums] of await splitMonth(db, scope, month, byAid, period, reading)) {
        for (const [aid, s] of sums) {
          if (part === 'before') addOpening(aid, s);
          else if (part === 'inside') move(aid, month, s);
        }
      }
    }
  }
  return {
    opening: new Map(
      [...opening].filter(([, amount]) => amount !== 0).map(([aid, amount]) => [aid, cents(amount)]),
    ),
    movements,
  };
}

/**
 * A month the period cuts, as its parts: the days before the period, in it, after it (those the
 * month has). All but the longest part are read from the lines; the longest is the rest.
 */
async function splitMonth(
  db: DbOrTx,
  scope: YearScope,
  month: string,
  whole: ReadonlyMap<number, Sums>,
  period: { from: string; to: string },
  reading: MonthReading,
): Promise<[Part, Map<number, Sums>][]> {
  // The year's part of the month: a year may start mid-month.
  const start = month < scope.fiscalYear ? scope.fiscalYear : month;
  const end = endOfMonth(month);
  const parts = (
    [
      ['before', start, addDays(period.from, -1)],
      ['inside', period.from < start ? start : period.from, period.to > end ? end : period.to],
      ['after', addDays(period.to, 1), end],
    ] as const
  ).filter(([, a, b]) => a >= start && b <= end && a <= b);
  if (parts.length <= 1) return parts.map(([part]) => [part, new Map(whole)]);
  const longest = parts.reduce((best, p) => (days(p[1], p[2]) > days(best[1], best[2]) ? p : best));
  const read: [Part, Map<number, Sums>][] = [];
  for (const [part, a, b] of parts) {
    if (part !== longest[0]) read.push([part, await sumsBetween(db, scope, a, b, reading)]);
  }
  const rest = new Map<number, Sums>();
  for (const [aid, s] of whole) {
    const other = read.map(([, sums]) => sums.get(aid) ?? { debits: 0, credits: 0, lines: 0 });
    rest.set(aid, {
      debits: s.debits - other.reduce((sum, o) => sum + o.debits, 0),
      credits: s.credits - other.reduce((sum, o) => sum + o.credits, 0),
      lines: s.lines - other.reduce((sum, o) => sum + o.lines, 0),
    });
  }
  return [...read, [longest[0], rest]];
}

/**
 * What each account other than `cash` brought into the cash and took out of it in the period:
 * the other lines of the transactions with a line on a cash account (DOMAIN 10, cash flow). A
 * credit of the counterpart is money in, a debit money out.
 *
 * Read without looking up each transaction: the cash lines of the period name the transactions
 * (the `(building, aid, date)` index), and each transaction's other lines are read through its key
 * (a lateral join, so that is the only plan: see `transactionLines`; a plain join, planned on stale
 * statistics, rescanned the period's lines for each cash line: seven minutes for a year of a
 * million postings). What is not the year's movements is then taken back out: the transactions
 * of other years dated in the period, the opening writing, and the cancelled ones, looked for
 * only in the months where `account_months` counts cancelled lines on a cash account.
 */
export async function cashCounterparts(
  db: DbOrTx,
  scope: YearScope,
  period: { from: string; to: string },
  cash: readonly number[],
): Promise<{ aid: number; inflow: Cents; outflow: Cents }[]> {
  if (cash.length === 0) return [];
  const cashAids = sql`${sql.param([...cash])}::int[]`;
  const months = await rowsOf<{ aid: number; month: string; cancelled: boolean }>(
    db,
    sql`select aid, month::text as month, lines > postings as cancelled from account_months
      where building_id = ${scope.buildingId} and fiscal_year = ${scope.fiscalYear}
        and month >= ${monthOf(period.from)} and month <= ${monthOf(period.to)} and lines > 0`,
  );
  const cashSet = new Set(cash);
  if (!months.some((m) => !cashSet.has(Number(m.aid)))) return [];
  const flowsSql = sql`sum(greatest(-s.amount, 0)) as inflow, sum(greatest(s.amount, 0)) as outflow`;
  const all = flowsOf(
    await rowsOf<FlowRow>(
      db,
      sql`select s.aid, ${flowsSql}
        from (select distinct c.building_id, c.transaction_uuid as uuid from subtransactions c
          where c.building_id = ${scope.buildingId} and c.aid = any(${cashAids})
            and c.date >= ${period.from} and c.date <= ${period.to}) m
        cross join lateral (${transactionLines(sql`m`)}) s
        where s.aid <> all(${cashAids})
        group by s.aid`,
    ),
  );
  // The transactions of the period that are not the year's movements, each found by its index.
  const years = (
    await rowsOf<{ start: string }>(
      db,
      sql`select start_date::text as start from fiscal_years
        where building_id = ${scope.buildingId} and start_date <> ${scope.fiscalYear}`,
    )
  ).map((y) => y.start);
  const inPeriod = (from: string, to: string) =>
    sql`t.building_id = ${scope.buildingId} and t.date >= ${from} and t.date <= ${to}`;
  const branches: SQL[] = [];
  if (years.length > 0)
    branches.push(
      sql`select t.building_id, t.uuid from transactions t where ${inPeriod(period.from, period.to)}
        and t.fiscal_year = any(${sql.param(years)}::date[])`,
    );
  if (period.from <= scope.fiscalYear)
    branches.push(
      sql`select t.building_id, t.uuid from transactions t where ${inPeriod(scope.fiscalYear, scope.fiscalYear)}
        and t.fiscal_year = ${scope.fiscalYear} and t.details ->> 'opening' = 'true'`,
    );
  // A cancelled transaction that touches the cash left a cancelled line on a cash account.
  const cancelled = months.filter((m) => m.cancelled && cashSet.has(Number(m.aid)));
  for (const month of new Set(cancelled.map((m) => m.month))) {
    const from = month < period.from ? period.from : month;
    const end = endOfMonth(month);
    branches.push(
      sql`select t.building_id, t.uuid from transactions t where ${inPeriod(from, end > period.to ? period.to : end)}
        and t.fiscal_year = ${scope.fiscalYear} and t.status = 'cancelled'`,
    );
  }
  if (branches.length > 0) {
    // Each transaction's lines, with whether one of them is on the cash (the window also keeps
    // the subquery lateral, as `offset 0` does in `transactionLines`).
    const outside = flowsOf(
      await rowsOf<FlowRow>(
        db,
        sql`select s.aid, ${flowsSql}
          from (${sql.join(branches, sql` union `)}) x
          cross join lateral (select s.aid, s.amount, bool_or(s.aid = any(${cashAids})) over () as touches
            from subtransactions s where s.building_id = x.building_id and s.transaction_uuid = x.uuid) s
          where s.touches and s.aid <> all(${cashAids})
          group by s.aid`,
      ),
    );
    for (const [aid, o] of outside) {
      const flow = all.get(aid);
      if (flow) all.set(aid, { inflow: flow.inflow - o.inflow, outflow: flow.outflow - o.outflow });
    }
  }
  return [...all].map(([aid, f]) => ({ aid, inflow: cents(f.inflow), outflow: cents(f.outflow) }));
}

interface FlowRow {
  aid: number;
  inflow: string | number | null;
  outflow: string | number | null;
}

const flowsOf = (rows: readonly FlowRow[]): Map<number, { inflow: number; outflow: number }> =>
  new Map(
    rows.map((r) => [Number(r.aid), { inflow: centsFromSql(r.inflow), outflow: centsFromSql(r.outflow) }]),
  );

/** One line of an account in the general ledger. */
export interface AccountLineRow {
  aid: number;
  uuid: string;
  date: string;
  description: string;
  meaning: unknown;
  kind: string;
  checkNumber: string | null;
  amount: Cents;
}

/**
 * The lines of `aids` in the period (the opening writing and cancelled transactions left out), by
 * account, date and then the order they were entered; at most `limit` of them. Each account's
 * lines are one range of the `(building, aid, date)` index.
 *
 * The order's last keys are the transaction's, so every line of the range is read and sorted
 * before the limit applies: for one account, the range ends with the month by which the whole
 * months after `from` (`account_months`) hold `limit` lines, whose first `limit` lines are the
 * same. A bank account of a year of a million postings, cut at the general ledger's 10,000
 * lines: 250,000 lines read before, about 30,000 now.
 */
export async function accountLines(
  db: DbOrTx,
  scope: YearScope,
  period: { from: string; to: string },
  aids: readonly number[],
  limit: number,
): Promise<AccountLineRow[]> {
  if (aids.length === 0 || limit <= 0) return [];
  const to = aids.length === 1 ? await linesReachedBy(db, scope, period, aids[0] ?? 0, limit) : period.to;
  const rows = await rowsOf<{
    aid: number;
    uuid: string;
    date: string;
    description: string;
    meaning: unknown;
    kind: string;
    check_number: string | null;
    amount: string | number;
  }>(
    db,
    sql`select s.aid, t.uuid, t.date::text as date, t.description, t.meaning, t.kind,
        coalesce(s.check_number, t.check_number) as check_number, s.amount
      from subtransactions s
      -- Each line's transaction through its key: the lines come from the (building, aid, date) index.
      cross join lateral (select t.uuid, t.date, t.description, t.meaning, t.kind, t.check_number, t.created_at
        from transactions t
        where t.building_id = s.building_id and t.uuid = s.transaction_uuid and ${counted(scope)} limit 1) t
      where s.building_id = ${scope.buildingId} and s.aid = any(${sql.param([...aids])}::int[])
        and s.date >= ${period.from} and s.date <= ${to}
      order by s.aid, s.date, t.created_at, t.uuid, s.line
      limit ${limit}`,
  );
  return rows.map((r) => ({
    aid: Number(r.aid),
    uuid: r.uuid,
    date: r.date,
    description: r.description,
    meaning: r.meaning,
    kind: r.kind,
    checkNumber: r.check_number,
    amount: centsFromSql(r.amount),
  }));
}

/**
 * The last day `accountLines` must read for `aid`'s first `limit` lines of the period: the end of
 * the first month by which the months starting inside the period have `limit` of the year's
 * uncancelled lines (`postings`, the year's first month left out: it holds the opening writing's,
 * which the general ledger leaves out), else the period's end.
 */
async function linesReachedBy(
  db: DbOrTx,
  scope: YearScope,
  period: { from: string; to: string },
  aid: number,
  limit: number,
): Promise<string> {
  const months = await rowsOf<{ month: string; postings: number }>(
    db,
    sql`select month::text as month, postings from account_months
      where building_id = ${scope.buildingId} and fiscal_year = ${scope.fiscalYear} and aid = ${aid}
        and month >= ${period.from} and month <= ${period.to} and month <> ${monthOf(scope.fiscalYear)}
      order by month`,
  );
  let lines = 0;
  for (const m of months) {
    lines += Number(m.postings);
    if (lines >= limit) {
      const end = endOfMonth(m.month);
      return end < period.to ? end : period.to;
    }
  }
  return period.to;
}
