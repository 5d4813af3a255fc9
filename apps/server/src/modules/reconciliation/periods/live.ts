import type { DbOrTx } from '../../../db/client';
import { publish } from '../../../platform/events';

/**
 * Tells open pages that a bank's reconciliation changed (DESIGN 3 "Live data"). Its readers are
 * the bank's readers (`banks.reconciliation.read` grants what `banks.read` does), so the change is
 * announced for the bank in the `banks` collection: the reconciliation page of that bank refreshes.
 */
export const publishReconciliationChange = (
  tx: DbOrTx,
  buildingId: string,
  bankUuid: string,
): Promise<void> => publish(tx, { buildingId, collection: 'banks', ids: [bankUuid] });
