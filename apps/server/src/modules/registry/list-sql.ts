import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { searchable } from '@copro/domain';
import { registryRecord, type RegistryCollection } from '../../db/schema/index';
import { accentedLetters, nameOrderSql } from '../../db/schema/registry-order';
import type { YearScope } from '../../platform/fiscal-year-scope';

/** The pieces of SQL the registry lists are searched and sorted with. */

/** Other records of the year, read beside the listed ones (a unit's people, a parking's unit). */
export const personTable = alias(registryRecord, 'person');
export const unitTable = alias(registryRecord, 'unit');

export type RecordTable = typeof registryRecord | typeof personTable | typeof unitTable;

/** `from registry_records <name>`, for subqueries the query builder cannot write (lateral joins). */
export const fromAs = (name: string): SQL => sql`${registryRecord} ${sql.identifier(name)}`;

export const ofYear = (t: RecordTable, scope: YearScope, collection: RegistryCollection) =>
  and(
    eq(t.buildingId, scope.buildingId),
    eq(t.fiscalYear, scope.fiscalYear),
    eq(t.collection, collection),
  ) as SQL;

/**
 * Whether the uuid is one of these: one parameter however many there are (the embedded database
 * binds each parameter at a cost).
 */
export const uuidIn = (column: SQL | RecordTable['uuid'], uuids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param([...uuids])}::uuid[])`;

/** A text field of the record's data; the key is the code's own, written into the SQL as it is. */
export const field = (t: RecordTable, key: string): SQL => {
  if (!/^[A-Za-z]+$/.test(key)) throw new Error(`not a field name: ${key}`);
  return sql`(${t.data} ->> ${sql.raw(`'${key}'`)})`;
};

/** A unit's links to people (owners, residents, proxies), as one JSON array. */
export const unitLinks = (t: RecordTable): SQL =>
  sql`(coalesce(${t.data} -> 'owners', '[]'::jsonb) || coalesce(${t.data} -> 'residents', '[]'::jsonb) || coalesce(${t.data} -> 'proxies', '[]'::jsonb))`;

/** Each plain letter with every way it is written: "e" is [eEèéêëÈÉÊË]. */
const spellings = new Map<string, string>();
for (const letter of accentedLetters) {
  const base = searchable(letter);
  spellings.set(base, (spellings.get(base) ?? base + base.toUpperCase()) + letter);
}

/**
 * A regular expression that finds the folded needle in text as it is written, whatever its case
 * or accents: cheaper for the database than folding every row's text before comparing.
 */
export function needlePattern(needle: string): string {
  return [...needle]
    .map((char) => {
      const written = spellings.get(char);
      return written ? `[${written}]` : char.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
    })
    .join('');
}

/** Whether the text holds the needle, which `searchable` has folded. */
export const holds = (text: SQL, needle: string): SQL => sql`(${text} ~* ${needlePattern(needle)})`;

/** Words joined by spaces, the missing ones left out. */
export const words = (...parts: SQL[]): SQL => sql`concat_ws(' ', ${sql.join(parts, sql`, `)})`;

/**
 * Numbers as people read them ("9" before "10", "101A" after "101"), as the web's
 * `compareNumbers`: by the leading number, then by the text.
 */
export const numberOrder = (text: SQL): SQL[] => [
  sql`nullif(substring(${text} from '^[0-9]+'), '')::numeric asc nulls last`,
  nameOrderSql(text),
];
