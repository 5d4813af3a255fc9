import { and, eq } from 'drizzle-orm';
import { transactionInputSchema, type CancellationMeaning } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { deposit, penaltyCharge, recordedCheck, type LogSource } from '../../../db/schema/index';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { accountTransactionsSince, cancelTransaction, linesOf, postTransaction } from '../../ledger';

/** The records of other areas that name a transaction follow it to its copy. */
async function followMovedTransaction(
  tx: DbOrTx,
  buildingId: string,
  moved: { from: string; to: string },
  accounts: { oldAid: number; newAid: number },
): Promise<void> {
  await tx
    .update(deposit)
    .set({ transactionUuid: moved.to })
    .where(and(eq(deposit.buildingId, buildingId), eq(deposit.transactionUuid, moved.from)));
  await tx
    .update(recordedCheck)
    .set({ returnTransactionUuid: moved.to })
    .where(
      and(eq(recordedCheck.buildingId, buildingId), eq(recordedCheck.returnTransactionUuid, moved.from)),
    );
  // A late fee or interest moved to the new account still counts for its month (DOMAIN 5: once).
  await tx
    .update(penaltyCharge)
    .set({ transactionUuid: moved.to, aid: accounts.newAid })
    .where(
      and(
        eq(penaltyCharge.buildingId, buildingId),
        eq(penaltyCharge.transactionUuid, moved.from),
        eq(penaltyCharge.aid, accounts.oldAid),
      ),
    );
}

/**
 * DOMAIN 6: from the sale date on, the unit's transactions belong to the new owner. Nothing
 * posted is edited (DOMAIN 1): each transaction of the old account dated on or after `from` is
 * cancelled with `reason` (what it means, and its words in the building's language), and the same
 * transaction is posted again, saying what it said, with the unit's line on the new account.
 * Returns the uuids of the copies.
 */
export async function moveTransactions(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  accounts: { oldAid: number; newAid: number },
  from: string,
  reason: { reason: string; meaning: CancellationMeaning },
): Promise<string[]> {
  // By date, then in entry order, so same-day copies keep their order. The year's opening balance
  // is not among them: it is what the former owners owed before, and never moves.
  const rows = await accountTransactionsSince(tx, scope, accounts.oldAid, from);
  if (rows.length === 0) return [];
  const allLines = await linesOf(
    tx,
    scope.buildingId,
    rows.map((row) => row.uuid),
  );
  const copies: string[] = [];
  for (const row of rows) {
    const lines = allLines.filter((line) => line.transactionUuid === row.uuid);
    await cancelTransaction(tx, scope, source, row.uuid, reason.reason, reason.meaning);
    // The stored transaction went through this schema when it was posted; parsing gives it its types back.
    const input = transactionInputSchema.parse({
      date: row.date,
      description: row.description,
      kind: row.kind,
      ...(row.paymentMethod !== null ? { paymentMethod: row.paymentMethod } : {}),
      taxes: row.taxes,
      // postTransaction writes the `aid:` indexes of the new lines itself.
      indexes: row.indexes.filter((index) => !index.startsWith('aid:')),
      attachments: row.attachments,
      subtransactions: lines.map((line) => ({
        aid: line.aid === accounts.oldAid ? accounts.newAid : line.aid,
        amount: line.amount,
        ...(line.checkNumber !== null ? { check: line.checkNumber } : {}),
      })),
    });
    const copy = await postTransaction(tx, scope, source, input, {
      checkNumber: row.checkNumber,
      deposit: row.deposit,
      batch: row.batch,
      details: row.details,
      imported: row.imported,
      meaning: row.meaning,
    });
    await followMovedTransaction(tx, scope.buildingId, { from: row.uuid, to: copy.uuid }, accounts);
    copies.push(copy.uuid);
  }
  return copies;
}
