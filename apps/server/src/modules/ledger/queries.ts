import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { ledgerAccount, ledgerTransaction, registryRecord } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { linesOf, transactionView, type TransactionView } from './ledger';

export interface AccountTransactionFilters {
  from?: string;
  to?: string;
  kind?: string;
  hideCancelled: boolean;
  page: number;
  pageSize: number;
}

export interface AccountLine {
  transaction: TransactionView;
  /** This account's amount in the transaction (positive debit). */
  amount: number;
  /** The account's balance after this transaction, cancelled ones left out. */
  balance: number;
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
): Promise<{ lines: AccountLine[]; total: number; debits: number; credits: number; balance: number }> {
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
  );
  return {
    lines: rows.flatMap((r) => {
      const transaction = transactions.get(r.uuid);
      return transaction ? [{ transaction, amount: Number(r.amount), balance: Number(r.balance) }] : [];
    }),
    total: Number(summary?.total ?? 0),
    debits: Number(summary?.debits ?? 0),
    credits: Number(summary?.credits ?? 0),
    balance: Number(summary?.balance ?? 0),
  };
}

export async function transactionsByUuid(
  db: DbOrTx,
  scope: YearScope,
  uuids: readonly string[],
): Promise<Map<string, TransactionView>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ledgerTransaction)
    .where(
      and(eq(ledgerTransaction.buildingId, scope.buildingId), inArray(ledgerTransaction.uuid, [...uuids])),
    );
  const lines = await linesOf(db, scope.buildingId, uuids);
  return new Map(
    rows.map((row) => [
      row.uuid,
      transactionView(
        row,
        lines.filter((l) => l.transactionUuid === row.uuid),
      ),
    ]),
  );
}

export interface LedgerAccountInfo {
  aid: number;
  kind: string;
  recordUuid: string;
  /** The record's collection and its name or number in the year (an account outlives its record's year). */
  collection: string | null;
  name: string;
  parent: string | null;
}

/** Every ledger account of the building with what it belongs to in the year. */
export async function ledgerAccounts(db: DbOrTx, scope: YearScope): Promise<LedgerAccountInfo[]> {
  const accounts = await db
    .select()
    .from(ledgerAccount)
    .where(eq(ledgerAccount.buildingId, scope.buildingId));
  const records = await db
    .select()
    .from(registryRecord)
    .where(
      and(eq(registryRecord.buildingId, scope.buildingId), eq(registryRecord.fiscalYear, scope.fiscalYear)),
    );
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
        parent: typeof record?.data.parent === 'string' ? record.data.parent : null,
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
    kind: string;
    aid: number;
    amount: string;
  }>(
    db,
    sql`select t.uuid, t.date::text as date, t.description, t.kind, s.aid, s.amount
      from transactions t join subtransactions s on s.building_id = t.building_id and s.transaction_uuid = t.uuid
      where t.building_id = ${scope.buildingId} and t.fiscal_year = ${scope.fiscalYear} and t.status <> 'cancelled'
      order by t.date, t.created_at, t.uuid, s.line`,
  );
}
