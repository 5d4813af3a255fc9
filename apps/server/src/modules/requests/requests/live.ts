import type { DbOrTx } from '../../../db/client';
import { publish } from '../../../platform/events';

/** Tells the building's open request pages (and the navbar badge) that these requests changed. */
export const publishRequests = (tx: DbOrTx, buildingId: string, uuids: string[]): Promise<void> =>
  publish(tx, { buildingId, collection: 'requests', ids: uuids });

export const publishTags = (tx: DbOrTx, buildingIds: readonly string[], uuids: string[]) =>
  Promise.all(
    buildingIds.map((buildingId) => publish(tx, { buildingId, collection: 'requestTags', ids: uuids })),
  );

export const publishTemplates = (tx: DbOrTx, buildingIds: readonly string[], uuids: string[]) =>
  Promise.all(
    buildingIds.map((buildingId) =>
      publish(tx, { buildingId, collection: 'requestEmailTemplates', ids: uuids }),
    ),
  );
