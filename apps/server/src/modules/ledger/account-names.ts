import { and, eq, inArray } from 'drizzle-orm';
import { accountDisplayName, type Language } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { ledgerAccount, type RegistryCollection } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { findRecords, type RecordRow } from '../registry';

/** The registry collection whose records own each kind of ledger account. */
const collectionOf: Record<string, RegistryCollection> = {
  unit: 'units',
  supplier: 'suppliers',
  bank: 'banks',
  category: 'categories',
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The names of `aids` in the year, in `language`, as every reader of a posting sees them (an
 * owner reads no list of the building's accounts, so the postings they may read carry the names).
 */
export async function accountNames(
  db: DbOrTx,
  scope: YearScope,
  aids: readonly number[],
  language: Language,
): Promise<Map<number, string>> {
  const unique = [...new Set(aids)];
  if (unique.length === 0) return new Map();
  const accounts = await db
    .select({ aid: ledgerAccount.aid, kind: ledgerAccount.kind, recordUuid: ledgerAccount.recordUuid })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.buildingId, scope.buildingId), inArray(ledgerAccount.aid, unique)));
  const records = new Map<string, RecordRow>();
  for (const [kind, collection] of Object.entries(collectionOf)) {
    const uuids = accounts.filter((a) => a.kind === kind).map((a) => a.recordUuid);
    for (const record of await findRecords(db, scope, collection, uuids)) records.set(record.uuid, record);
  }
  return new Map(
    accounts.map((account) => {
      const record = records.get(account.recordUuid);
      return [
        account.aid,
        accountDisplayName(
          {
            aid: account.aid,
            kind: account.kind,
            record: record
              ? {
                  number: record.number,
                  name: text(record.data.name),
                  systemKey: text(record.data.systemKey),
                }
              : null,
          },
          language,
        ),
      ];
    }),
  );
}
