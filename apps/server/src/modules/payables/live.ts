import type { DbOrTx } from '../../db/client';
import { publish } from '../../platform/events';

/**
 * Tells open pages that the building's payables changed (DESIGN 3 "Live data"). A pending payment,
 * a decision, a note, a printed check or a recurring bill moves no money, so the ledger announces
 * nothing; the payables pages are read under the transactions' keys (their readers are the
 * transactions' readers), so the change is announced for that collection, without ids.
 */
export const publishPayablesChange = (tx: DbOrTx, buildingId: string): Promise<void> =>
  publish(tx, { buildingId, collection: 'transactions', ids: [] });
