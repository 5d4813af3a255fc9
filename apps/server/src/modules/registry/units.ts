import {
  unitCreateSchema,
  unitEditSchema,
  unitViewSchema,
  type FieldIssue,
  type UnitCreate,
  type UnitEdit,
  type UnitView,
} from '@copro/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { registryRecord, type RegistryCollection } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { userOf } from '../../platform/routes';
import { automaticPaymentEdited, automaticPaymentIssues } from '../otonom';
import { ownersEmailsOf, personName } from './people';
import { uuidIn } from './list-sql';
import { readsWholeRegistry } from './people-views';
import { missingReferences } from './references';
import { recordView, type CollectionDef, type RecordData, type RecordRow } from './records';

const unitFields = Object.keys(unitEditSchema.shape);

type Link = { personUuid: string };

/** Units of the year, other than `uuid` and not archived, that hold the parking or locker `id`. */
async function holdersOf(
  tx: DbOrTx,
  scope: YearScope,
  kind: 'parkings' | 'lockers',
  id: string,
  uuid: string,
) {
  return tx
    .select({ number: registryRecord.number })
    .from(registryRecord)
    .where(
      and(
        eq(registryRecord.buildingId, scope.buildingId),
        eq(registryRecord.fiscalYear, scope.fiscalYear),
        eq(registryRecord.collection, 'units'),
        eq(registryRecord.archived, false),
        ne(registryRecord.uuid, uuid),
        sql`(${registryRecord.data} -> ${kind}) @> ${JSON.stringify([id])}::jsonb`,
      ),
    );
}

/** People, parkings and lockers a unit names must exist; a parking or locker belongs to one unit. */
async function unitProblems(
  tx: DbOrTx,
  scope: YearScope,
  data: RecordData,
  uuid: string,
): Promise<FieldIssue[]> {
  const people = (['owners', 'residents', 'proxies'] as const).flatMap((role) =>
    ((data[role] as Link[] | undefined) ?? []).map((link, i) => ({ uuid: link.personUuid, path: [role, i] })),
  );
  const issues = await missingReferences(tx, scope, 'people', people);
  for (const kind of ['parkings', 'lockers'] as const) {
    const listed = (data[kind] as string[] | undefined) ?? [];
    issues.push(
      ...(await missingReferences(
        tx,
        scope,
        kind,
        listed.map((id, i) => ({ uuid: id, path: [kind, i] })),
      )),
    );
    for (const [i, id] of listed.entries()) {
      const [holder] = await holdersOf(tx, scope, kind, id, uuid);
      if (holder)
        issues.push({
          path: [kind, i],
          key: 'registry.assignedElsewhere',
          params: { unit: holder.number ?? '' },
        });
    }
    if (new Set(listed).size !== listed.length) issues.push({ path: [kind], key: 'registry.listedTwice' });
  }
  return issues;
}

/**
 * DOMAIN 8, Payments Canada Rule H1: automatic payment is switched on (or a unit created with it)
 * only when the unit has its bank details, a signed agreement not flagged, a payment day and an
 * owner the written notice reaches; the pre-authorized debits area says what is missing.
 */
async function automaticPaymentGate(
  tx: DbOrTx,
  scope: YearScope,
  before: RecordData | null,
  after: RecordData,
  uuid: string,
): Promise<FieldIssue[]> {
  if (after.automaticPayment !== true || before?.automaticPayment === true) return [];
  return automaticPaymentIssues(tx, scope, uuid, after);
}

export const unitCollection: CollectionDef<UnitCreate, UnitEdit> = {
  collection: 'units',
  entity: 'unit',
  ledgerKind: 'unit',
  createSchema: unitCreateSchema,
  editSchema: unitEditSchema,
  editableFields: unitFields,
  numberOf: (input) => input.number,
  columnFields: ['number'],
  initialData: { monthlyContributions: 0, insuranceProof: null },
  labelOf: (row) => row.number ?? '',
  check: unitProblems,
  checkTransition: automaticPaymentGate,
  // Switched on: the owners get the written notice; on or off, it is logged (DOMAIN 8).
  onEdited: (tx, _scope, source, before, after, effects) =>
    automaticPaymentEdited(tx, source, before, after, effects),
  derive: async (tx, scope, data) => ({ ownersEmails: await ownersEmailsOf(tx, scope, data) }),
  // A person's record shows the units they are linked to, so their readers refresh with the unit.
  afterWrite: async (_tx, _scope, row) => {
    const linked = (['owners', 'residents', 'proxies'] as const).flatMap((role) =>
      ((row.data[role] as Link[] | undefined) ?? []).map((link) => link.personUuid),
    );
    return new Map<RegistryCollection, string[]>([['people', [...new Set(linked)]]]);
  },
};

type UnitAnswer = RecordData & { ownersEmails: string[] };

/**
 * A unit as the API answers it, before its schema checks it: with its owners' emails and names
 * and the numbers of its parkings and lockers, read for these units only (a page of the list costs
 * its own rows).
 */
async function unitAnswers(tx: DbOrTx, scope: YearScope, rows: RecordRow[]): Promise<UnitAnswer[]> {
  const listed = (row: RecordRow, kind: 'parkings' | 'lockers') =>
    (row.data[kind] as string[] | undefined) ?? [];
  // A link with an end date is a former owner's (a sale ended it).
  const currentOwners = (row: RecordRow) =>
    ((row.data.owners as (Link & { to?: string })[] | undefined) ?? []).filter((link) => !link.to);
  const named = new Set(
    rows.flatMap((row) => [
      ...listed(row, 'parkings'),
      ...listed(row, 'lockers'),
      ...currentOwners(row).map((link) => link.personUuid),
    ]),
  );
  // One read for the names of them all: numbers of parkings and lockers, names of people.
  const labels = new Map(
    named.size === 0
      ? []
      : (
          await tx
            .select({
              uuid: registryRecord.uuid,
              number: registryRecord.number,
              firstName: sql<string | null>`${registryRecord.data} ->> 'firstName'`,
              lastName: sql<string | null>`${registryRecord.data} ->> 'lastName'`,
            })
            .from(registryRecord)
            .where(
              and(
                eq(registryRecord.buildingId, scope.buildingId),
                eq(registryRecord.fiscalYear, scope.fiscalYear),
                inArray(registryRecord.collection, ['people', 'parkings', 'lockers']),
                uuidIn(registryRecord.uuid, [...named]),
              ),
            )
        ).map((record) => [record.uuid, record.number ?? personName(record)]),
  );
  return rows.map((row) => ({
    ...recordView(row),
    ownersEmails: row.ownersEmails,
    ownerNames: currentOwners(row).flatMap((link) => labels.get(link.personUuid) ?? []),
    parkingNumbers: listed(row, 'parkings').map((id) => labels.get(id) ?? ''),
    lockerNumbers: listed(row, 'lockers').map((id) => labels.get(id) ?? ''),
  }));
}

/** Units as the server's own work reads them (reports), checked by their schema. */
export async function unitViews(tx: DbOrTx, scope: YearScope, rows: RecordRow[]): Promise<UnitView[]> {
  return (await unitAnswers(tx, scope, rows)).map((answer) => unitViewSchema.parse(answer));
}

/**
 * DOMAIN 6 privacy: an owner or proxy reads their unit, but of its owners' emails only their own;
 * managers and staff read them all.
 */
function ownersEmailsFor<T extends { ownersEmails: string[] }>(req: FastifyRequest, answers: T[]): T[] {
  if (readsWholeRegistry(req)) return answers;
  const mine = userOf(req).email.toLowerCase();
  return answers.map((answer) => ({
    ...answer,
    ownersEmails: answer.ownersEmails.filter((email) => email === mine),
  }));
}

/** Units as the caller may read them. */
export async function unitsFor(
  db: DbOrTx,
  scope: YearScope,
  rows: RecordRow[],
  req: FastifyRequest,
): Promise<UnitView[]> {
  return ownersEmailsFor(req, await unitViews(db, scope, rows));
}

/**
 * The same for the registry's routes, whose answer schema checks and strips each unit: a page of
 * the list is not checked twice.
 */
export async function unitAnswersFor(
  db: DbOrTx,
  scope: YearScope,
  rows: RecordRow[],
  req: FastifyRequest,
): Promise<UnitAnswer[]> {
  return ownersEmailsFor(req, await unitAnswers(db, scope, rows));
}

/** A parking or locker still assigned to a unit stays until the unit lets it go. */
export async function assignedProblem(
  tx: DbOrTx,
  scope: YearScope,
  kind: 'parkings' | 'lockers',
  uuid: string,
): Promise<AppError | null> {
  const holders = await holdersOf(tx, scope, kind, uuid, uuid);
  return holders.length > 0 ? new AppError('recordInUse') : null;
}
