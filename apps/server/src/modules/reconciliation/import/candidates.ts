import { sql, type SQL } from 'drizzle-orm';
import { readDescription, type Language, type MatchCandidate } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { reconciliationClearing, statementLine } from '../../../db/schema/index';
import { bankLinesSql, type BankLineRow } from '../../ledger';
import type { ImportTarget } from './import-target';

/** A transaction of the bank as an import shows it beside a line. */
export interface BankTransaction extends MatchCandidate {
  /** In the reader's language. */
  description: string;
  cancelled: boolean;
}

/** Statuses of a line that hold its transaction: waiting for confirmation, or done. */
const holdingStatuses = ['matched', 'confirmed', 'entryCreated'] as const;

const uuidArray = (uuids: readonly string[]): SQL => sql`${sql.param([...new Set(uuids)])}::uuid[]`;

const toTransaction = (row: BankLineRow, language: Language): BankTransaction => ({
  uuid: row.transaction_uuid,
  date: row.date,
  amount: centsFromSql(row.amount),
  checkNumber: row.check_number,
  description: readDescription({ description: row.description, meaning: row.meaning }, language),
  cancelled: row.cancelled,
});

/** The bank's transactions named, cancelled or not, by uuid. */
export async function bankTransactions(
  db: DbOrTx,
  buildingId: string,
  aid: number,
  uuids: readonly string[],
  language: Language,
): Promise<Map<string, BankTransaction>> {
  if (uuids.length === 0) return new Map();
  const rows = await rowsOf<BankLineRow>(
    db,
    sql`select * from ${bankLinesSql(buildingId, aid, sql`s.transaction_uuid = any(${uuidArray(uuids)})`)} b`,
  );
  return new Map(rows.map((row) => [row.transaction_uuid, toTransaction(row, language)]));
}

export interface CandidateFilter {
  /** Only transactions dated from this day… */
  from?: string;
  /** …to this one (both included). */
  to?: string;
  /** Only these transactions. */
  uuids?: readonly string[];
  /** Lines whose transactions count as free again (the lines being confirmed). */
  releasing?: { importUuid: string; lineIds: readonly number[] };
}

/**
 * What a line of the period may be matched to: the bank's transactions dated before the period's
 * end that are not cancelled, not ticked in another period, and not held by another statement
 * line (matched and waiting, confirmed, or turned into an entry). A transaction already ticked in
 * this period may still be matched: the line confirms what the user ticked.
 */
export async function matchCandidates(
  db: DbOrTx,
  buildingId: string,
  { bank, period }: ImportTarget,
  filter: CandidateFilter,
  language: Language,
): Promise<BankTransaction[]> {
  if (filter.uuids?.length === 0) return [];
  const where = sql.join(
    [
      sql`t.date < ${period.periodEnd}::date`,
      filter.from === undefined ? sql`true` : sql`t.date >= ${filter.from}::date`,
      filter.to === undefined ? sql`true` : sql`t.date <= ${filter.to}::date`,
      filter.uuids === undefined ? sql`true` : sql`s.transaction_uuid = any(${uuidArray(filter.uuids)})`,
    ],
    sql` and `,
  );
  const released = filter.releasing;
  const releasing =
    released === undefined || released.lineIds.length === 0
      ? sql`true`
      : sql`not (${statementLine.importUuid} = ${released.importUuid}::uuid
          and ${statementLine.id} = any(${sql.param([...released.lineIds])}::int[]))`;
  const rows = await rowsOf<BankLineRow>(
    db,
    sql`select b.* from ${bankLinesSql(buildingId, bank.aid, where)} b
      where not b.cancelled
        and not exists (
          select 1 from ${reconciliationClearing}
          where ${reconciliationClearing.buildingId} = ${buildingId}
            and ${reconciliationClearing.bankUuid} = ${bank.uuid}
            and ${reconciliationClearing.transactionUuid} = b.transaction_uuid
            and ${reconciliationClearing.periodUuid} <> ${period.uuid})
        and not exists (
          select 1 from ${statementLine}
          where ${statementLine.buildingId} = ${buildingId}
            and ${statementLine.bankUuid} = ${bank.uuid}
            and ${statementLine.transactionUuid} = b.transaction_uuid
            and ${statementLine.status} = any(${sql.param([...holdingStatuses])}::text[])
            and ${releasing})
      order by b.date, b.transaction_uuid`,
  );
  return rows.map((row) => toTransaction(row, language));
}
