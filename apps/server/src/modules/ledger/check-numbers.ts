import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerTransaction } from '../../db/schema/index';

/**
 * A check's number once it is printed (payables' check printing). Posted transactions are never
 * edited (DOMAIN 1), but the number is not part of what they post: it is how the bank's statement
 * names the movement, so the reconciliation can match the check by its number and list it with it.
 */
export async function recordCheckNumbers(
  tx: DbOrTx,
  buildingId: string,
  checks: readonly { transactionUuid: string; checkNumber: string }[],
): Promise<void> {
  for (const check of checks) {
    await tx
      .update(ledgerTransaction)
      .set({ checkNumber: check.checkNumber })
      .where(
        and(eq(ledgerTransaction.buildingId, buildingId), eq(ledgerTransaction.uuid, check.transactionUuid)),
      );
  }
}
