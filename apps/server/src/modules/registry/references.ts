import type { FieldIssue } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { RegistryCollection } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { findRecords } from './records';

/** One issue per listed uuid that names no record of `collection` in the year. */
export async function missingReferences(
  tx: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  refs: readonly { uuid: string; path: (string | number)[] }[],
): Promise<FieldIssue[]> {
  const found = new Set(
    (
      await findRecords(
        tx,
        scope,
        collection,
        refs.map((r) => r.uuid),
      )
    ).map((row) => row.uuid),
  );
  return refs
    .filter((ref) => !found.has(ref.uuid))
    .map((ref) => ({ path: ref.path, key: 'registry.recordMissing' }));
}
