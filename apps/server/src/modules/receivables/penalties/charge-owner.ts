import { and, eq } from 'drizzle-orm';
import { penaltyCharge } from '../../../db/schema/index';
import { cancelTransaction } from '../../ledger';
import type { TransactionOwner } from '../../ledger';

/**
 * DOMAIN 5: a late fee or interest the daily run charged is the run's. Cancelled, it is waived:
 * its `penalty_charges` row stays, so the run does not charge that month and kind again.
 */
export const penaltyChargeOwner: TransactionOwner = {
  area: 'penalty charges',
  owns: async (tx, scope, row) =>
    (
      await tx
        .select({ uuid: penaltyCharge.transactionUuid })
        .from(penaltyCharge)
        .where(
          and(eq(penaltyCharge.buildingId, scope.buildingId), eq(penaltyCharge.transactionUuid, row.uuid)),
        )
    ).length > 0,
  cancel: (tx, scope, source, row, reason) => cancelTransaction(tx, scope, source, row.uuid, reason),
};
