import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { zeroCents, type Cents } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { centsFromSql } from '../../db/money';
import { accountMonth, ledgerTransaction, subtransaction } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { TransactionRow } from './ledger';

/** Each account's balance in the year: the sum of its non-cancelled lines (`account_months`). */
export async function accountBalances(
  db: DbOrTx,
  scope: YearScope,
  aids: readonly number[],
): Promise<Map<number, Cents>> {
  if (aids.length === 0) return new Map();
  const rows = await db
    .select({
      aid: accountMonth.aid,
      balance: sql<string>`sum(${accountMonth.debits} - ${accountMonth.credits})`,
    })
    .from(accountMonth)
    .where(
      and(
        eq(accountMonth.buildingId, scope.buildingId),
        eq(accountMonth.fiscalYear, scope.fiscalYear),
        inArray(accountMonth.aid, [...aids]),
      ),
    )
    .groupBy(accountMonth.aid);
  return new Map(rows.map((r) => [r.aid, centsFromSql(r.balance)]));
}

/** The account's balance in the year (`accountBalances`). */
export async function accountBalance(db: DbOrTx, scope: YearScope, aid: number): Promise<Cents> {
  return (await accountBalances(db, scope, [aid])).get(aid) ?? zeroCents;
}

/**
 * The year's non-cancelled transactions with a line on the account, dated `from` or later, by
 * date and then in the order they were entered. The year's opening balance is left out: it is
 * what the account owed before the year, not a posting of the period.
 */
export async function accountTransactionsSince(
  db: DbOrTx,
  scope: YearScope,
  aid: number,
  from: string,
): Promise<TransactionRow[]> {
  const found = await db
    .selectDistinct({ uuid: ledgerTransaction.uuid, date: ledgerTransaction.date })
    .from(ledgerTransaction)
    .innerJoin(
      subtransaction,
      and(
        eq(subtransaction.buildingId, ledgerTransaction.buildingId),
        eq(subtransaction.transactionUuid, ledgerTransaction.uuid),
      ),
    )
    .where(
      and(
        eq(ledgerTransaction.buildingId, scope.buildingId),
        eq(ledgerTransaction.fiscalYear, scope.fiscalYear),
        ne(ledgerTransaction.status, 'cancelled'),
        gte(ledgerTransaction.date, from),
        eq(subtransaction.aid, aid),
        sql`coalesce(${ledgerTransaction.details}->>'opening', '') <> 'true'`,
      ),
    )
    .orderBy(ledgerTransaction.date);
  if (found.length === 0) return [];
  const rows = await db
    .select()
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.buildingId, scope.buildingId),
        inArray(
          ledgerTransaction.uuid,
          found.map((f) => f.uuid),
        ),
      ),
    );
  return rows.sort((a, b) =>
    a.date === b.date ? a.createdAt.getTime() - b.createdAt.getTime() : a.date < b.date ? -1 : 1,
  );
}
