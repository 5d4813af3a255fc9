import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { reconciliationPeriod, statementImport, type statementLine } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { findRecord } from '../../registry';

export type PeriodRow = typeof reconciliationPeriod.$inferSelect;
export type ImportRow = typeof statementImport.$inferSelect;
export type LineRow = typeof statementLine.$inferSelect;

/** A bank account and its ledger account, the same in every fiscal year. */
export interface ImportBank {
  uuid: string;
  aid: number;
}

/** What an import works on: a period of a bank, and the bank. */
export interface ImportTarget {
  period: PeriodRow;
  bank: ImportBank;
}

async function bankOf(db: DbOrTx, period: PeriodRow): Promise<ImportBank> {
  const record = await findRecord(
    db,
    { buildingId: period.buildingId, fiscalYear: period.fiscalYear },
    'banks',
    period.bankUuid,
  );
  if (record?.aid == null) throw new AppError('notFound');
  return { uuid: record.uuid, aid: record.aid };
}

/** The bank's period; not found unless both are the building's and the period is the bank's. */
export async function periodOfBank(
  db: DbOrTx,
  buildingId: string,
  bankUuid: string,
  periodUuid: string,
): Promise<ImportTarget> {
  const [period] = await db
    .select()
    .from(reconciliationPeriod)
    .where(
      and(
        eq(reconciliationPeriod.buildingId, buildingId),
        eq(reconciliationPeriod.uuid, periodUuid),
        eq(reconciliationPeriod.bankUuid, bankUuid),
      ),
    );
  if (!period) throw new AppError('notFound');
  return { period, bank: await bankOf(db, period) };
}

/** The bank's import with its period. */
export async function importOfBank(
  db: DbOrTx,
  buildingId: string,
  bankUuid: string,
  importUuid: string,
): Promise<ImportTarget & { statement: ImportRow }> {
  const [statement] = await db
    .select()
    .from(statementImport)
    .where(
      and(
        eq(statementImport.buildingId, buildingId),
        eq(statementImport.uuid, importUuid),
        eq(statementImport.bankUuid, bankUuid),
      ),
    );
  if (!statement) throw new AppError('notFound');
  return { statement, ...(await periodOfBank(db, buildingId, bankUuid, statement.periodUuid)) };
}

/**
 * Held until commit: one write at a time on a bank's imports, so two files sent together cannot
 * both take a line as new, nor two lines the same transaction.
 */
export async function lockBankImports(tx: DbOrTx, buildingId: string, bankUuid: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`statement-import:${buildingId}:${bankUuid}`}))`,
  );
}

/** A write needs the period open: a reconciled period is reopened first (DOMAIN 9). */
export function assertPeriodOpen(period: PeriodRow): void {
  if (period.isReconciled) throw new AppError('periodReconciled');
}
