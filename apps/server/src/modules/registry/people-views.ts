import { and, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  can,
  personDirectoryViewSchema,
  personViewSchema,
  type PersonDirectoryView,
  type PersonUnit,
  type PersonUnitRole,
  type PersonView,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { registryRecord } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { requestToday } from '../../platform/request-clock';
import { buildingOf } from '../../platform/routes';
import { unitLinks } from './list-sql';
import { recordView, visibleRecords, type RecordData, type RecordRow } from './records';

interface Link {
  personUuid: string;
  from?: string;
  to?: string;
}

const linkRoles: Record<'owners' | 'residents' | 'proxies', PersonUnitRole> = {
  owners: 'owner',
  residents: 'resident',
  proxies: 'proxy',
};

// Numeric-aware, so unit 9 comes before unit 10.
const unitOrder = new Intl.Collator('en', { numeric: true });

/** A link counts on `today` when it has started and not yet ended. */
const inEffect = (link: Link, today: string): boolean =>
  (link.from === undefined || link.from <= today) && (link.to === undefined || link.to >= today);

/**
 * The units of the year each of these people is linked to on `today`, by the person's uuid, by
 * unit number. Only the units that name one of them are read: a page of people costs its rows.
 */
async function unitsByPerson(
  db: DbOrTx,
  scope: YearScope,
  today: string,
  personUuids: readonly string[],
): Promise<Map<string, PersonUnit[]>> {
  const held = new Map<string, PersonUnit[]>();
  if (personUuids.length === 0) return held;
  // The links alone, not the units' whole records.
  const rows = await db
    .select({
      number: registryRecord.number,
      links: sql<
        Partial<Record<string, Link[] | null>>
      >`jsonb_build_object('owners', ${registryRecord.data} -> 'owners', 'residents', ${registryRecord.data} -> 'residents', 'proxies', ${registryRecord.data} -> 'proxies')`,
    })
    .from(registryRecord)
    .where(
      and(
        visibleRecords(scope, 'units', { liveOnly: true }),
        sql`exists (select 1 from jsonb_array_elements(${unitLinks(registryRecord)}) l
          where (l ->> 'personUuid') in (select unnest(${sql.param([...personUuids])}::text[])))`,
      ),
    );
  const units = rows.sort((a, b) => unitOrder.compare(a.number ?? '', b.number ?? ''));
  for (const unit of units) {
    for (const [key, role] of Object.entries(linkRoles)) {
      for (const link of unit.links[key] ?? []) {
        if (!inEffect(link, today)) continue;
        held.set(link.personUuid, [
          ...(held.get(link.personUuid) ?? []),
          { number: unit.number ?? '', role },
        ]);
      }
    }
  }
  return held;
}

type PersonAnswer = RecordData & { units: PersonUnit[] };

/** People as the API answers them, before a schema checks them: each with their units on `today`. */
async function personAnswers(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly RecordRow[],
  today: string,
): Promise<PersonAnswer[]> {
  const held = await unitsByPerson(
    db,
    scope,
    today,
    rows.map((row) => row.uuid),
  );
  return rows.map((row) => ({ ...recordView(row), units: held.get(row.uuid) ?? [] }));
}

/** People in full, each with the units they are linked to on `today`. */
export async function personViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly RecordRow[],
  today: string,
): Promise<PersonView[]> {
  return (await personAnswers(db, scope, rows, today)).map((answer) => personViewSchema.parse(answer));
}

/**
 * DOMAIN 6 privacy: a person as the directory shows them. The emails and phones stay only when the
 * person shares them; the directory's schema strips everything else it does not list.
 */
export function directoryView(person: PersonAnswer): PersonDirectoryView {
  const { emails, phones, ...rest } = person;
  return personDirectoryViewSchema.parse({
    ...rest,
    ...(person.sharesEmails === true ? { emails } : {}),
    ...(person.sharesPhones === true ? { phones } : {}),
  });
}

/** Whether the caller reads every record in full (managers and staff), not the directory. */
export function readsWholeRegistry(req: FastifyRequest): boolean {
  const access = buildingOf(req);
  return can({ role: access.role, banned: access.banned }, 'registry.read.all', access.policy);
}

/**
 * People as the caller may read them: in full for managers (the route's schema checks each one),
 * as the directory for owners and residents.
 */
export async function peopleFor(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly RecordRow[],
  req: FastifyRequest,
): Promise<(PersonAnswer | PersonDirectoryView)[]> {
  const answers = await personAnswers(db, scope, rows, requestToday(req));
  return readsWholeRegistry(req) ? answers : answers.map(directoryView);
}
