import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { PaymentMethod, TransactionKind, TransactionStatus } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { ledgerTransaction } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { TransactionRow } from './ledger';

/** The status of each of the building's transactions named, by uuid; an unknown uuid has none. */
export async function transactionStatuses(
  db: DbOrTx,
  buildingId: string,
  uuids: readonly string[],
): Promise<Map<string, TransactionStatus>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: ledgerTransaction.uuid, status: ledgerTransaction.status })
    .from(ledgerTransaction)
    .where(and(eq(ledgerTransaction.buildingId, buildingId), inArray(ledgerTransaction.uuid, [...uuids])));
  return new Map(rows.map((r) => [r.uuid, r.status]));
}

/** Which of the building's transactions named are cancelled. */
export async function cancelledTransactions(
  db: DbOrTx,
  buildingId: string,
  uuids: readonly string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .select({ uuid: ledgerTransaction.uuid })
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.buildingId, buildingId),
        inArray(ledgerTransaction.uuid, [...uuids]),
        eq(ledgerTransaction.status, 'cancelled'),
      ),
    );
  return new Set(rows.map((r) => r.uuid));
}

/** The year's transaction `uuid` when it is of `kind`, locked for update when asked. */
export async function findTransaction(
  db: DbOrTx,
  scope: YearScope,
  kind: TransactionKind,
  uuid: string,
  lock = false,
): Promise<TransactionRow | null> {
  const query = db
    .select()
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.buildingId, scope.buildingId),
        eq(ledgerTransaction.fiscalYear, scope.fiscalYear),
        eq(ledgerTransaction.uuid, uuid),
        eq(ledgerTransaction.kind, kind),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface StandingTransactionFilters {
  kind: TransactionKind;
  paymentMethod?: PaymentMethod | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The year's non-cancelled transactions of a kind, in a period when asked, oldest first. */
export async function standingTransactions(
  db: DbOrTx,
  scope: YearScope,
  filters: StandingTransactionFilters,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.buildingId, scope.buildingId),
        eq(ledgerTransaction.fiscalYear, scope.fiscalYear),
        eq(ledgerTransaction.kind, filters.kind),
        filters.paymentMethod ? eq(ledgerTransaction.paymentMethod, filters.paymentMethod) : undefined,
        sql`${ledgerTransaction.status} <> 'cancelled'`,
        filters.from ? gte(ledgerTransaction.date, filters.from) : undefined,
        filters.to ? lte(ledgerTransaction.date, filters.to) : undefined,
      ),
    )
    .orderBy(asc(ledgerTransaction.date), asc(ledgerTransaction.createdAt));
}

export interface DetailLookup {
  kind: TransactionKind;
  /** A field of the transactions' `details` (a word: it is written into the query). */
  key: string;
  /** The values of that field looked for. */
  values: readonly string[];
  /** Only in this fiscal year; in every year of the building without it. */
  fiscalYear?: string | undefined;
}

/**
 * The building's non-cancelled transactions of a kind whose `details` field `key` holds one of
 * `values` (the transaction a returned payment names, the fee charged with a return), with that
 * value.
 */
export async function standingTransactionsByDetail(
  db: DbOrTx,
  buildingId: string,
  lookup: DetailLookup,
): Promise<{ uuid: string; value: string }[]> {
  if (lookup.values.length === 0) return [];
  // The key is the caller's constant, never input; as a literal it reads like any other `->>'x'`.
  if (!/^\w+$/.test(lookup.key)) throw new Error(`not a details field: ${lookup.key}`);
  const field = sql<string>`${ledgerTransaction.details}->>${sql.raw(`'${lookup.key}'`)}`;
  return db
    .select({ uuid: ledgerTransaction.uuid, value: field })
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.buildingId, buildingId),
        lookup.fiscalYear !== undefined ? eq(ledgerTransaction.fiscalYear, lookup.fiscalYear) : undefined,
        eq(ledgerTransaction.kind, lookup.kind),
        ne(ledgerTransaction.status, 'cancelled'),
        inArray(field, [...lookup.values]),
      ),
    );
}
