import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { reconciliationPeriod } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';

export type PeriodRow = typeof reconciliationPeriod.$inferSelect;

/** The bank's periods in chain order (by start). */
export async function periodsOf(db: DbOrTx, buildingId: string, bankUuid: string): Promise<PeriodRow[]> {
  return db
    .select()
    .from(reconciliationPeriod)
    .where(and(eq(reconciliationPeriod.buildingId, buildingId), eq(reconciliationPeriod.bankUuid, bankUuid)))
    .orderBy(asc(reconciliationPeriod.periodStart));
}

/**
 * Held until the write commits: one write at a time on a bank's chain, so two ticks of the same
 * transaction, or two new periods, cannot both pass their checks.
 */
export async function lockBankChain(db: DbOrTx, buildingId: string, bankUuid: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`reconciliation:${buildingId}:${bankUuid}`}))`,
  );
}

/** A period in its chain: the one before it, the one after it. */
export interface ChainPlace {
  period: PeriodRow;
  index: number;
  previous: PeriodRow | null;
  next: PeriodRow | null;
  isLatest: boolean;
}

/** The period `uuid` among the bank's periods; another bank's (or building's) period is not found. */
export function placeOf(periods: readonly PeriodRow[], uuid: string): ChainPlace {
  const index = periods.findIndex((p) => p.uuid === uuid);
  const period = periods[index];
  if (!period) throw new AppError('notFound');
  return {
    period,
    index,
    previous: periods[index - 1] ?? null,
    next: periods[index + 1] ?? null,
    isLatest: index === periods.length - 1,
  };
}
