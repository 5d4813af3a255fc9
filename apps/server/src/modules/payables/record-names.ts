import { accountDisplayName, type Language } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { RegistryCollection } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { findRecords, type RecordRow } from '../registry';

/** The records payables name: each owns a ledger account of its kind. */
export type NamedCollection = 'suppliers' | 'banks' | 'categories';

const kindOf: Record<NamedCollection, string> = {
  suppliers: 'supplier',
  banks: 'bank',
  categories: 'category',
};

/** A record wanted as the year that named it knew it. */
export interface RecordOfYear {
  uuid: string;
  fiscalYear: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A record's name as stored: the building's language for the defaults it started with. */
export const nameOf = (row: RecordRow | undefined): string => String(row?.data.name ?? '');

/**
 * A supplier's, bank's or category's name as a reader sees it (DESIGN 3), as beside a posting: a
 * default bank or category the building started with reads in `language` while the admin has not
 * renamed it.
 */
export const recordName = (record: RecordRow, collection: NamedCollection, language: Language): string =>
  accountDisplayName(
    {
      aid: record.aid ?? 0,
      kind: kindOf[collection],
      record: { number: record.number, name: text(record.data.name), systemKey: text(record.data.systemKey) },
    },
    language,
  );

/**
 * Registry records by uuid, as the year `scope` knows them, else as the year that named them knew
 * them (an earlier year's invoice may name a supplier or category archived since, or gone).
 */
export async function recordsNamed(
  db: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  wanted: readonly RecordOfYear[],
): Promise<Map<string, RecordRow>> {
  const found = new Map(
    (await findRecords(db, scope, collection, [...new Set(wanted.map((w) => w.uuid))])).map((r) => [
      r.uuid,
      r,
    ]),
  );
  const missing = wanted.filter((w) => !found.has(w.uuid) && w.fiscalYear !== scope.fiscalYear);
  for (const year of new Set(missing.map((w) => w.fiscalYear))) {
    const uuids = missing.filter((w) => w.fiscalYear === year).map((w) => w.uuid);
    for (const row of await findRecords(
      db,
      { buildingId: scope.buildingId, fiscalYear: year },
      collection,
      uuids,
    )) {
      if (!found.has(row.uuid)) found.set(row.uuid, row);
    }
  }
  return found;
}

/**
 * The names of suppliers, banks or categories by uuid, every view of payables names them with:
 * looked up in the year `scope` (a bare uuid), else in the year that named them. In the reader's
 * `language`; without one, as stored (a write answers in the building's language, as the ledger's
 * writes do). A record neither year holds has no name here.
 */
export async function recordNames(
  db: DbOrTx,
  scope: YearScope,
  collection: NamedCollection,
  wanted: Iterable<string | RecordOfYear>,
  language?: Language,
): Promise<Map<string, string>> {
  const records = await recordsNamed(
    db,
    scope,
    collection,
    [...wanted].map((w) => (typeof w === 'string' ? { uuid: w, fiscalYear: scope.fiscalYear } : w)),
  );
  return new Map(
    [...records].map(([uuid, record]) => [
      uuid,
      language ? recordName(record, collection, language) : nameOf(record),
    ]),
  );
}
