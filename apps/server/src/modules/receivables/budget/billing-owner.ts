import { and, eq } from 'drizzle-orm';
import { feeBilling } from '../../../db/schema/index';
import { cancelTransaction } from '../../ledger';
import type { TransactionOwner } from '../../ledger';

/**
 * DOMAIN 3: a monthly fee or correction a budget billed is the budget's. Cancelled on its own it
 * is waived: its `fee_billings` row stays, so the month counts as billed and the billing run does
 * not bill it again. Unapplying the budget is what takes its fees back to bill them anew.
 */
export const feeBillingOwner: TransactionOwner = {
  area: 'budget billing',
  owns: async (tx, scope, row) =>
    (
      await tx
        .select({ uuid: feeBilling.transactionUuid })
        .from(feeBilling)
        .where(and(eq(feeBilling.buildingId, scope.buildingId), eq(feeBilling.transactionUuid, row.uuid)))
    ).length > 0,
  cancel: (tx, scope, source, row, reason) => cancelTransaction(tx, scope, source, row.uuid, reason),
};
