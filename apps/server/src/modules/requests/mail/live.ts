import type { DbOrTx } from '../../../db/client';
import { publish } from '../../../platform/events';

/** Tells the handlers' open pages (folders, conversations, the badge) that these emails changed. */
export const publishRequestEmails = (tx: DbOrTx, buildingId: string, uuids: string[]): Promise<void> =>
  publish(tx, { buildingId, collection: 'requestEmails', ids: uuids });
