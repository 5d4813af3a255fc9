import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  categoryParents,
  cents,
  zeroCents,
  type Cents,
  type AccountPage,
  type CategoryParent,
  type Language,
  type LedgerAccount,
} from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../db/client';
import { centsFromSql } from '../../db/money';
import { ledgerAccount, ledgerTransaction } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { recordsOfYear } from '../registry';
import { linesOf, type TransactionView } from './ledger';
import { readerViews } from './reader-views';

export interface AccountTransactionFilters {
  from?: string;
  to?: string;
  kind?: string;
  hideCancelled: boolean;
  page: number;
  pageSize: number;
}

/** An account's month in `account_months`. */
interface AccountMonthRow {
  month: string;
  debits: string;
  credits: string;
  lines: number;
}

const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;
const net = (m: AccountMonthRow): number => centsFromSql(m.debits) - centsFromSql(m.credits);

/**
 * An account's transactions in a year with the running balance (SPEC 2 `{type}/transactions`).
 * The balance runs over every non-cancelled line of the year in date order, then the filters and
 * the page apply, so a filtered page still shows true balances.
 *
 * Issue 14: the account's months (`account_months`) give the totals and each month's opening
 * balance and line count, so a page reads only the lines of the months it falls in (an index
 * range on `subtransactions (building, aid, date)`), never the whole year.
 */
export async function accountTransactions(
  db: DbOrTx,
  scope: YearScope,
  aid: number,
  filters: AccountTransactionFilters,
  language: Language,
): Promise<AccountPage> {
  const months = await rowsOf<AccountMonthRow>(
    db,
    sql`select month::text as month, debits, credits, lines from account_months
      where building_id = ${scope.buildingId} and fiscal_year = ${scope.fiscalYear} and aid = ${aid}
      order by month`,
  );
  const closing = cents(months.reduce((sum, m) => sum + net(m), 0));
  const filtered = Boolean(filters.from || filters.to || filters.kind || filters.hideCancelled);
  const offset = (filters.page - 1) * filters.pageSize;
  // The months the page needs: unfiltered, those holding lines offset…offset+pageSize; filtered,
  // those of the date range (the filters then apply to their lines).
  let first = 0;
  let last = months.length - 1;
  let skip = offset;
  if (!filtered) {
    let before = 0;
    first = months.findIndex((m) => (before += m.lines) > offset);
    if (first === -1) first = months.length;
    skip = offset - months.slice(0, first).reduce((sum, m) => sum + m.lines, 0);
    let through = 0;
    last = months.findIndex((m) => (through += m.lines) >= offset + filters.pageSize);
    if (last === -1) last = months.length - 1;
  } else {
    if (filters.from)
      first = Math.max(
        0,
        months.findIndex((m) => m.month >= monthOf(filters.from ?? '')),
      );
    if (filters.from && months.every((m) => m.month < monthOf(filters.from ?? ''))) first = months.length;
    if (filters.to) last = months.findLastIndex((m) => m.month <= monthOf(filters.to ?? ''));
  }
  const range = first <= last && first < months.length ? { from: months[first]!, to: months[last]! } : null;
  const opening = months.slice(0, first).reduce((sum, m) => sum + net(m), 0);
  const running = range
    ? sql`
    select t.uuid, t.date, t.kind, t.status, s.amount,
      ${opening}::bigint + sum(case when t.status = 'cancelled' then 0 else s.amount end)
        over (order by t.date, t.created_at, t.uuid, s.line rows unbounded preceding) as balance,
      row_number() over (order by t.date, t.created_at, t.uuid, s.line) as position
    from subtransactions s
    -- Each line's transaction through its key (LATERAL … LIMIT 1): the lines of the months come
    -- from the (building, aid, date) index, whatever the statistics say of the tables' sizes.
    cross join lateral (select t.uuid, t.date, t.kind, t.status, t.created_at from transactions t
      where t.building_id = s.building_id and t.uuid = s.transaction_uuid
        and t.fiscal_year = ${scope.fiscalYear} limit 1) t
    where s.building_id = ${scope.buildingId} and s.aid = ${aid}
      and s.date >= ${range.from.month} and s.date < ${nextMonth(range.to.month)}`
    : null;
  const where = sql.join(
    [
      sql`true`,
      filters.from ? sql`date >= ${filters.from}` : undefined,
      filters.to ? sql`date <= ${filters.to}` : undefined,
      filters.kind ? sql`kind = ${filters.kind}` : undefined,
      filters.hideCancelled ? sql`status <> 'cancelled'` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const rows = running
    ? await rowsOf<{ uuid: string; amount: string; balance: string }>(
        db,
        sql`with r as (${running}) select uuid, amount, balance from r where ${where}
          order by position limit ${filters.pageSize} offset ${skip}`,
      )
    : [];
  const summary = !filtered
    ? {
        total: months.reduce((sum, m) => sum + Number(m.lines), 0),
        debits: cents(months.reduce((sum, m) => sum + centsFromSql(m.debits), 0)),
        credits: cents(months.reduce((sum, m) => sum + centsFromSql(m.credits), 0)),
      }
    : await filteredSummary(db, running, where);
  const transactions = await transactionsByUuid(
    db,
    scope,
    rows.map((r) => r.uuid),
    language,
  );
  return {
    lines: rows.flatMap((r) => {
      const transaction = transactions.get(r.uuid);
      return transaction
        ? [{ transaction, amount: centsFromSql(r.amount), balance: centsFromSql(r.balance) }]
        : [];
    }),
    ...summary,
    balance: closing,
  };
}

/** The filtered lines' count and totals, over the months of the date range. */
async function filteredSummary(
  db: DbOrTx,
  running: SQL | null,
  where: SQL,
): Promise<{ total: number; debits: Cents; credits: Cents }> {
  if (!running) return { total: 0, debits: zeroCents, credits: zeroCents };
  const [summary] = await rowsOf<{ total: string; debits: string | null; credits: string | null }>(
    db,
    sql`with r as (${running}) select count(*) as total,
      sum(case when status <> 'cancelled' and amount > 0 then amount else 0 end) as debits,
      sum(case when status <> 'cancelled' and amount < 0 then -amount else 0 end) as credits
      from r where ${where}`,
  );
  return {
    total: Number(summary?.total ?? 0),
    debits: centsFromSql(summary?.debits),
    credits: centsFromSql(summary?.credits),
  };
}

/** Transactions as `language`'s reader reads them (`readerViews`). */
export async function transactionsByUuid(
  db: DbOrTx,
  scope: YearScope,
  uuids: readonly string[],
  language: Language,
): Promise<Map<string, TransactionView>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ledgerTransaction)
    .where(
      and(eq(ledgerTransaction.buildingId, scope.buildingId), inArray(ledgerTransaction.uuid, [...uuids])),
    );
  return readerViews(db, scope, rows, await linesOf(db, scope.buildingId, uuids), language);
}

/** One transaction as `language`'s reader reads it: what a cancel or a comment answers. */
export async function readTransaction(
  db: DbOrTx,
  scope: YearScope,
  uuid: string,
  language: Language,
): Promise<TransactionView> {
  const view = (await transactionsByUuid(db, scope, [uuid], language)).get(uuid);
  if (!view) throw new AppError('notFound');
  return view;
}

const isCategoryParent = (value: unknown): value is CategoryParent =>
  (categoryParents as readonly unknown[]).includes(value);

/** Every ledger account of the building with what it belongs to in the year. */
export async function ledgerAccounts(db: DbOrTx, scope: YearScope): Promise<LedgerAccount[]> {
  const accounts = await db
    .select()
    .from(ledgerAccount)
    .where(eq(ledgerAccount.buildingId, scope.buildingId));
  const records = await recordsOfYear(db, scope);
  const byUuid = new Map(records.map((r) => [r.uuid, r]));
  return accounts
    .map((a) => {
      const record = byUuid.get(a.recordUuid);
      const name = record ? String(record.data.name ?? record.number ?? '') : '';
      return {
        aid: a.aid,
        kind: a.kind,
        recordUuid: a.recordUuid,
        collection: record?.collection ?? null,
        name,
        parent: isCategoryParent(record?.data.parent) ? record.data.parent : null,
      };
    })
    .sort((a, b) => a.aid - b.aid);
}
