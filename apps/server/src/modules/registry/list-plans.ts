import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import {
  addDays,
  categoryParents,
  insuranceWarningDays,
  searchable,
  translate,
  type Language,
  type RegistryCollectionName,
} from '@copro/domain';
import { registryRecord } from '../../db/schema/index';
import { nameOrderSql, unitNumberOrderSql } from '../../db/schema/registry-order';
import type { YearScope } from '../../platform/fiscal-year-scope';
import {
  field,
  fromAs,
  holds,
  numberOrder,
  ofYear,
  personTable,
  unitLinks,
  unitTable,
  words,
  type RecordTable,
} from './list-sql';

/** Who reads a list: what their search may look into, and the day the insurance filter counts from. */
export interface ListReader {
  /** Managers and staff read every field; owners and residents what the directory shows (DOMAIN 6). */
  wholeRegistry: boolean;
  /** The reader's email, lowercased: owners find their units by it. */
  email: string;
  /** Asked only by what needs it: working out the building's day has a cost. */
  today: () => string;
  language: Language;
}

export interface ListContext {
  scope: YearScope;
  reader: ListReader;
  /** The search, folded as `searchable` folds it. */
  needle: string;
}

/** How one collection's list is searched, sorted and filtered, in SQL. */
interface ListPlan {
  search: (c: ListContext) => SQL;
  /** By the sort's key: the order, before the uuid that settles ties. */
  sorts: Record<string, SQL[]>;
  filters: Record<string, (c: ListContext) => SQL>;
}

const r = registryRecord;
const qb = new QueryBuilder();

/**
 * A person's phones, also as bare digits ("5145550123" finds "514 555-0123"), when the reader may
 * see them. Only a needle with a digit looks into them.
 */
const phonesOf = (t: RecordTable, c: ListContext, shared = c.reader.wholeRegistry): SQL[] => {
  if (!/\d/.test(c.needle)) return [];
  const phones = sql`(${t.data} -> 'phones')::text`;
  const both = words(phones, sql`regexp_replace(${phones}, '[^0-9,]', '', 'g')`);
  return [shared ? both : sql`case when ${field(t, 'sharesPhones')} = 'true' then ${both} end`];
};
const emailsOf = (t: RecordTable, c: ListContext): SQL => {
  const emails = sql`(${t.data} -> 'emails')::text`;
  return c.reader.wholeRegistry
    ? emails
    : sql`case when ${field(t, 'sharesEmails')} = 'true' then ${emails} end`;
};
/** What finds a person: names, and the emails and phones the reader may see. */
const personText = (t: RecordTable, c: ListContext): SQL =>
  words(field(t, 'firstName'), field(t, 'lastName'), emailsOf(t, c), ...phonesOf(t, c));

/** The uuids (as text) of the people the reader finds by the needle; the directory has no archived ones. */
const peopleFound = (c: ListContext) =>
  qb
    .select({ uuid: sql<string>`${personTable.uuid}::text` })
    .from(personTable)
    .where(
      and(
        ofYear(personTable, c.scope, 'people'),
        c.reader.wholeRegistry ? undefined : eq(personTable.archived, false),
        holds(personText(personTable, c), c.needle),
      ),
    );

/** The uuids (as text) of the units whose number holds the needle. */
const unitsNumbered = ({ scope, needle }: ListContext) =>
  qb
    .select({ uuid: sql<string>`${unitTable.uuid}::text` })
    .from(unitTable)
    .where(and(ofYear(unitTable, scope, 'units'), holds(sql`${unitTable.number}`, needle)));

/** The uuids of the parkings or lockers a live unit holds, those of the units numbered like the needle if given. */
const spacesHeld = (kind: 'parkings' | 'lockers', scope: YearScope, needle?: string) =>
  sql`(select jsonb_array_elements_text(coalesce(${unitTable.data} -> ${kind}, '[]'::jsonb)) from ${fromAs('unit')} where ${and(
    ofYear(unitTable, scope, 'units'),
    eq(unitTable.archived, false),
    needle === undefined ? undefined : holds(sql`${unitTable.number}`, needle),
  )})`;

const byUnitNumber = unitNumberOrderSql(sql`${r.number}`);
const bySpaceNumber = numberOrder(sql`${r.number}`);
const byVoteShare = (byNumber: SQL[]) => [sql`(${field(r, 'voteShare')})::numeric desc`, ...byNumber];
const byName = [nameOrderSql(field(r, 'name'))];
const byAid = [sql`${r.aid}`];

const units: ListPlan = {
  search: (c) =>
    or(
      holds(
        words(
          sql`${r.number}`,
          field(r, 'floor'),
          // DOMAIN 6: owners and proxies see, of the owners' emails, only their own.
          c.reader.wholeRegistry
            ? sql`array_to_string(${r.ownersEmails}, ' ')`
            : sql`${c.reader.email}::text`,
        ),
        c.needle,
      ),
      sql`exists (select 1 from jsonb_array_elements(${unitLinks(r)}) l where (l ->> 'personUuid') in ${peopleFound(c)})`,
    ) as SQL,
  sorts: {
    number: byUnitNumber,
    floor: [sql`coalesce(${field(r, 'floor')}, '') = ''`, ...numberOrder(field(r, 'floor')), ...byUnitNumber],
    voteShare: byVoteShare(byUnitNumber),
  },
  filters: {
    noOwner: () => sql`jsonb_array_length(coalesce(${r.data} -> 'owners', '[]'::jsonb)) = 0`,
    // The contrary of insuranceStatus(…) === 'valid': a provider, an end date past the warning
    // days, and the proof.
    insurance: ({ reader }) =>
      sql`not (coalesce(${r.data} -> 'insurance' ->> 'provider', '') <> ''
        and coalesce(${r.data} -> 'insurance' ->> 'endDate', '') > ${addDays(reader.today(), insuranceWarningDays)}
        and jsonb_typeof(${r.data} -> 'insuranceProof') = 'object')`,
  },
};

const spaces = (kind: 'parkings' | 'lockers'): ListPlan => ({
  search: (c) =>
    or(
      holds(
        words(
          sql`${r.number}`,
          field(r, 'cadastreNumber'),
          ...(kind === 'parkings' ? [field(r, 'licensePlate')] : []),
        ),
        c.needle,
      ),
      sql`${r.uuid}::text in ${spacesHeld(kind, c.scope, c.needle)}`,
      ...(kind === 'parkings'
        ? [
            sql`(${r.data} -> 'renter' ->> 'personUuid') in ${peopleFound(c)}`,
            sql`(${r.data} -> 'renter' ->> 'unitUuid') in ${unitsNumbered(c)}`,
          ]
        : []),
    ) as SQL,
  sorts: { number: bySpaceNumber, voteShare: byVoteShare(bySpaceNumber) },
  filters: {
    free: ({ scope }) => sql`${r.uuid}::text not in ${spacesHeld(kind, scope)}`,
    assigned: ({ scope }) => sql`${r.uuid}::text in ${spacesHeld(kind, scope)}`,
  },
});

const people: ListPlan = {
  search: (c) => {
    const today = c.reader.today();
    return or(
      holds(personText(r, c), c.needle),
      // The units a person is linked to today, by their number.
      sql`${r.uuid}::text in (select l ->> 'personUuid' from ${fromAs('unit')} cross join lateral jsonb_array_elements(${unitLinks(unitTable)}) l where ${and(
        ofYear(unitTable, c.scope, 'units'),
        eq(unitTable.archived, false),
        holds(sql`${unitTable.number}`, c.needle),
      )} and coalesce(l ->> 'from', '') <= ${today} and coalesce(l ->> 'to', '9999-12-31') >= ${today})`,
    ) as SQL;
  },
  sorts: {
    lastName: [nameOrderSql(field(r, 'lastName')), nameOrderSql(field(r, 'firstName'))],
    firstName: [nameOrderSql(field(r, 'firstName')), nameOrderSql(field(r, 'lastName'))],
  },
  filters: {},
};

const suppliers: ListPlan = {
  search: (c) =>
    holds(
      words(
        field(r, 'name'),
        sql`${r.aid}::text`,
        sql`(${r.data} -> 'emails')::text`,
        ...phonesOf(r, c, true),
      ),
      c.needle,
    ),
  sorts: { name: byName, aid: byAid },
  filters: {},
};

const banks: ListPlan = {
  search: (c) => holds(words(field(r, 'name'), sql`${r.aid}::text`, field(r, 'number')), c.needle),
  sorts: { name: byName, aid: byAid },
  filters: {},
};

/** The parents whose name, in the reader's language, holds the needle. */
const parentsNamed = ({ reader, needle }: ListContext): string[] =>
  categoryParents.filter((parent) =>
    searchable(translate(reader.language, `categories.parents.${parent}`)).includes(needle),
  );

const categories: ListPlan = {
  search: (c) => {
    const parents = parentsNamed(c);
    return or(
      holds(words(field(r, 'name'), sql`${r.aid}::text`), c.needle),
      parents.length > 0 ? sql`${field(r, 'parent')} in ${parents}` : undefined,
    ) as SQL;
  },
  sorts: { name: byName, aid: byAid },
  filters: Object.fromEntries(
    categoryParents.map((parent) => [parent, () => sql`${field(r, 'parent')} = ${parent}`]),
  ),
};

export const listPlans: Record<RegistryCollectionName, ListPlan> = {
  units,
  parkings: spaces('parkings'),
  lockers: spaces('lockers'),
  people,
  suppliers,
  banks,
  categories,
};
