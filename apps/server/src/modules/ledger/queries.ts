import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  categoryParents,
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

/**
 * An account's transactions in a year with the running balance (SPEC 2 `{type}/transactions`).
 * The balance runs over every non-cancelled line of the year in date order, then the filters and
 * the page apply, so a filtered page still shows true balances.
 */
export async function accountTransactions(
  db: DbOrTx,
  scope: YearScope,
  aid: number,
  filters: AccountTransactionFilters,
  language: Language,
): Promise<AccountPage> {
  const running = sql`
    select t.uuid, t.date, t.kind, t.status, s.amount,
      sum(case when t.status = 'cancelled' then 0 else s.amount end)
        over (order by t.date, t.created_at, t.uuid, s.line rows unbounded preceding) as balance,
      row_number() over (order by t.date, t.created_at, t.uuid, s.line) as position
    from subtransactions s
    join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
    where s.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear} and s.aid = ${aid}`;
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
  const [summary] = await rowsOf<{
    total: string;
    debits: string | null;
    credits: string | null;
    balance: string | null;
  }>(
    db,
    sql`with r as (${running}) select count(*) as total,
      sum(case when status <> 'cancelled' and amount > 0 then amount else 0 end) as debits,
      sum(case when status <> 'cancelled' and amount < 0 then -amount else 0 end) as credits,
      (select balance from r order by position desc limit 1) as balance
      from r where ${where}`,
  );
  const rows = await rowsOf<{ uuid: string; amount: string; balance: string }>(
    db,
    sql`with r as (${running}) select uuid, amount, balance from r where ${where}
      order by position limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`,
  );
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
    total: Number(summary?.total ?? 0),
    debits: centsFromSql(summary?.debits),
    credits: centsFromSql(summary?.credits),
    balance: centsFromSql(summary?.balance),
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

/** Non-cancelled postings of the year: the trial balance and the journal export read them. */
export async function yearPostings(db: DbOrTx, scope: YearScope) {
  return rowsOf<{
    uuid: string;
    date: string;
    description: string;
    /** What a generated description means (`readDescription`). */
    meaning: unknown;
    kind: string;
    aid: number;
    amount: string;
  }>(
    db,
    sql`select t.uuid, t.date::text as date, t.description, t.meaning, t.kind, s.aid, s.amount
      from transactions t join subtransactions s on s.building_id = t.building_id and s.transaction_uuid = t.uuid
      where t.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear} and t.status <> 'cancelled'
      order by t.date, t.created_at, t.uuid, s.line`,
  );
}
