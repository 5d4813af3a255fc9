import { and, eq, sql } from 'drizzle-orm';
import { isTickableIn } from '@copro/domain';
import type { Tx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { reconciliationClearing } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { ReconciliationContext } from '../context';
import { rechain } from './chain';
import { logPeriod } from './period-log';
import { tickedLines } from './period-sql';
import { assertOpen, heldPeriod } from './periods';

export { periodView } from './period-view';

/**
 * Ticks (`clear`) and unticks (`unclear`) transactions in a period, as one "transaction reconciled"
 * entry of the log with their uuids. The period must be open (409 periodReconciled). A transaction
 * may be ticked when it touches the bank, moved money in it, is not cancelled, is dated before the
 * period's end and is not ticked in another period (409 transactionNotInPeriod otherwise); one
 * ticked in this period already stays so. Unticking one that no period ticks changes nothing; one
 * ticked in another period is refused the same way. A transaction cancelled since it was ticked
 * may be unticked. A call that changes nothing writes nothing.
 */
export async function clearTransactions(
  tx: Tx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
  input: { clear: string[]; unclear: string[] },
): Promise<void> {
  const { bank, periods, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period } = place;
  assertOpen(period);
  const clear = [...new Set(input.clear)];
  const unclear = [...new Set(input.unclear)];
  if (clear.length === 0 && unclear.length === 0) return;
  const both = new Set(clear);
  const twice = unclear.findIndex((uuid) => both.has(uuid));
  if (twice !== -1) {
    throw new AppError('validation', [
      { path: ['unclear', twice], key: 'reconciliation.periods.validation.tickedAndUnticked' },
    ]);
  }
  const rows = new Map(
    (await tickedLines(tx, ctx.buildingId, bank, [], [...clear, ...unclear])).map((r) => [
      r.transaction_uuid,
      r,
    ]),
  );
  const toInsert: string[] = [];
  for (const uuid of clear) {
    const row = rows.get(uuid);
    const fits =
      row !== undefined &&
      centsFromSql(row.amount) !== 0 &&
      isTickableIn({ date: row.date, cancelled: row.cancelled, clearedIn: row.period_uuid }, period);
    if (!fits) throw new AppError('transactionNotInPeriod');
    if (row.period_uuid === null) toInsert.push(uuid);
  }
  const toDelete: string[] = [];
  for (const uuid of unclear) {
    const row = rows.get(uuid);
    if (!row) throw new AppError('transactionNotInPeriod');
    if (row.period_uuid !== null && row.period_uuid !== period.uuid)
      throw new AppError('transactionNotInPeriod');
    if (row.period_uuid === period.uuid) toDelete.push(uuid);
  }
  if (toInsert.length > 0) {
    await tx.insert(reconciliationClearing).values(
      toInsert.map((transactionUuid) => ({
        buildingId: ctx.buildingId,
        bankUuid,
        transactionUuid,
        periodUuid: period.uuid,
      })),
    );
  }
  if (toDelete.length > 0) {
    await tx
      .delete(reconciliationClearing)
      .where(
        and(
          eq(reconciliationClearing.buildingId, ctx.buildingId),
          eq(reconciliationClearing.bankUuid, bankUuid),
          eq(reconciliationClearing.periodUuid, period.uuid),
          sql`${reconciliationClearing.transactionUuid} = any(${sql.param(toDelete)}::uuid[])`,
        ),
      );
  }
  if (toInsert.length === 0 && toDelete.length === 0) return;
  // A period whose closing balance is not typed hands the next one what its ticks add up to.
  if (period.closingBalance === null && !place.isLatest) await rechain(tx, ctx.buildingId, bank, periods);
  await logPeriod(tx, ctx, bank, period, {
    event: 'transactionReconciled',
    message: 'ticked',
    params: { cleared: toInsert.length, uncleared: toDelete.length },
    metadata: { cleared: toInsert, uncleared: toDelete },
  });
}
