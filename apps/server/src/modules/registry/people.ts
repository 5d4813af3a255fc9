import { and, eq, or, sql } from 'drizzle-orm';
import { personSchema, type PersonInput } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { registryRecord, type RegistryCollection } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { findRecords, type CollectionDef, type RecordData } from './records';

const personFields = Object.keys(personSchema.shape);

const unitRoles = ['owners', 'residents', 'proxies'] as const;

/** Units of the year that list the person under one of `roles`. */
export async function unitsLinkedTo(
  tx: DbOrTx,
  scope: YearScope,
  personUuid: string,
  roles: readonly (typeof unitRoles)[number][] = unitRoles,
) {
  const link = JSON.stringify([{ personUuid }]);
  return tx
    .select()
    .from(registryRecord)
    .where(
      and(
        eq(registryRecord.buildingId, scope.buildingId),
        eq(registryRecord.fiscalYear, scope.fiscalYear),
        eq(registryRecord.collection, 'units'),
        or(...roles.map((role) => sql`(${registryRecord.data} -> ${role}) @> ${link}::jsonb`)),
      ),
    );
}

/** The owners' emails of a unit, lowercased and without repeats. */
export async function ownersEmailsOf(tx: DbOrTx, scope: YearScope, data: RecordData): Promise<string[]> {
  // An owner whose link has an end date (a sale ended it) is a former owner: the unit's account
  // from then on is the new owners', so the former one no longer reads it.
  const owners = ((data.owners as { personUuid: string; to?: string }[] | undefined) ?? []).filter(
    (o) => !o.to,
  );
  const people = await findRecords(
    tx,
    scope,
    'people',
    owners.map((o) => o.personUuid),
  );
  const emails = people.flatMap((p) =>
    ((p.data.emails as string[] | undefined) ?? []).map((e) => e.toLowerCase()),
  );
  return [...new Set(emails)].sort();
}

export const personName = (data: RecordData): string =>
  [data.firstName, data.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');

export const personCollection: CollectionDef<PersonInput, PersonInput> = {
  collection: 'people',
  entity: 'person',
  createSchema: personSchema,
  editSchema: personSchema,
  editableFields: personFields,
  labelOf: (row) => personName(row.data),
  // A person still linked to a unit stays: archiving would leave the unit pointing at nobody.
  archiveProblem: async (tx, scope, uuid) => {
    const linked = (await unitsLinkedTo(tx, scope, uuid)).filter((unit) => !unit.archived);
    return linked.length > 0 ? new AppError('recordInUse') : null;
  },
  // SPEC 3: units keep their owners' emails in step with the people's records.
  afterWrite: async (tx, scope, row) => {
    const owned = await unitsLinkedTo(tx, scope, row.uuid, ['owners']);
    for (const unit of owned) {
      await tx
        .update(registryRecord)
        .set({ ownersEmails: await ownersEmailsOf(tx, scope, unit.data) })
        .where(
          and(
            eq(registryRecord.buildingId, scope.buildingId),
            eq(registryRecord.fiscalYear, scope.fiscalYear),
            eq(registryRecord.collection, 'units'),
            eq(registryRecord.uuid, unit.uuid),
          ),
        );
    }
    return new Map<RegistryCollection, string[]>([['units', owned.map((u) => u.uuid)]]);
  },
};

/** People of the year whose emails include `email`: the records a user may edit as themselves. */
export async function peopleWithEmail(tx: DbOrTx, scope: YearScope, email: string) {
  return tx
    .select()
    .from(registryRecord)
    .where(
      and(
        eq(registryRecord.buildingId, scope.buildingId),
        eq(registryRecord.fiscalYear, scope.fiscalYear),
        eq(registryRecord.collection, 'people'),
        sql`${registryRecord.data} -> 'emails' ? ${email.toLowerCase()}`,
      ),
    );
}
