import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FieldIssue } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import {
  registryRecord,
  type LedgerAccountKind,
  type LogChange,
  type LogSource,
  type RegistryCollection,
} from '../../db/schema/index';
import { writeLog, type RegistryEntity } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import type { Mailer } from '../../platform/mail';
import { allocateLedgerAccount } from '../ledger';
import { uuidIn } from './list-sql';

export type RecordRow = typeof registryRecord.$inferSelect;
export type RecordData = Record<string, unknown>;

/**
 * What a write's consequences may need beside the database (a unit switched to automatic payment
 * mails its owners the written notice): the routes pass their platform's mailer and clock.
 */
export interface WriteEffects {
  mailer: Mailer;
  now: Date;
}

/**
 * How one registry collection behaves. Units, people, parkings, lockers, suppliers, banks and
 * categories share the same life (create, edit, archive, each logged and announced), so one
 * service runs them all and each collection only says what is its own.
 */
export interface CollectionDef<Create extends object, Edit extends object> {
  collection: RegistryCollection;
  entity: RegistryEntity;
  /** Collections that own a ledger account get one when created. */
  ledgerKind?: LedgerAccountKind;
  createSchema: z.ZodType<Create>;
  editSchema: z.ZodType<Edit>;
  /** The fields an edit replaces; the others (number, vote share, …) are kept. */
  editableFields: readonly string[];
  /** Units, parkings, lockers: the number, unique in the building and year. */
  numberOf?: (input: Create) => string;
  /** Fields the create input carries that are stored in a column, not in `data`. */
  columnFields?: readonly string[];
  /** Fields the record starts with besides the input (e.g. monthly contributions at zero). */
  initialData?: RecordData;
  /** How the record is named in log messages. */
  labelOf: (row: { number: string | null; data: RecordData }) => string;
  /** References to other records, checked inside the transaction. */
  check?: (tx: DbOrTx, scope: YearScope, data: RecordData, uuid: string) => Promise<FieldIssue[]>;
  /**
   * What a change from `before` (null: a creation) to `after` needs that the record alone does not
   * say (units: automatic payment switched on needs bank details and a signed agreement).
   */
  checkTransition?: (
    tx: DbOrTx,
    scope: YearScope,
    before: RecordData | null,
    after: RecordData,
    uuid: string,
  ) => Promise<FieldIssue[]>;
  /** What follows an edit once written and logged, in its transaction (units: the PAD notice). */
  onEdited?: (
    tx: DbOrTx,
    scope: YearScope,
    source: LogSource,
    before: RecordRow,
    after: RecordRow,
    effects: WriteEffects | undefined,
  ) => Promise<void>;
  /** Columns derived from the data (units: the owners' emails). */
  derive?: (tx: DbOrTx, scope: YearScope, data: RecordData) => Promise<{ ownersEmails?: string[] }>;
  /** Why the record cannot be archived now, if it cannot. */
  archiveProblem?: (tx: DbOrTx, scope: YearScope, uuid: string) => Promise<AppError | null>;
  /** Keeps other records in step after a write; returns the collections it changed, with their ids. */
  afterWrite?: (tx: DbOrTx, scope: YearScope, row: RecordRow) => Promise<Map<RegistryCollection, string[]>>;
}

export const inScope = (scope: YearScope, collection: RegistryCollection) =>
  and(
    eq(registryRecord.buildingId, scope.buildingId),
    eq(registryRecord.fiscalYear, scope.fiscalYear),
    eq(registryRecord.collection, collection),
  );

/** SPEC 6 "Data by role": which of a collection's records a reader may see. */
export interface RecordAudience {
  /** Owners read the units whose owners include their email. */
  ownerEmail?: string;
  /** Archived records are left out: the people directory lists who is in the building now. */
  liveOnly?: boolean;
}

/** The records of `collection` in the year that `audience` may see. */
export const visibleRecords = (scope: YearScope, collection: RegistryCollection, audience: RecordAudience) =>
  and(
    inScope(scope, collection),
    audience.ownerEmail !== undefined
      ? sql`${registryRecord.ownersEmails} @> array[${audience.ownerEmail.toLowerCase()}]::text[]`
      : undefined,
    audience.liveOnly ? eq(registryRecord.archived, false) : undefined,
  );

/** Every record of the collection the audience sees: for the server's own work, not for the HTTP lists. */
export async function listRecords(
  db: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  audience: RecordAudience = {},
): Promise<RecordRow[]> {
  return db
    .select()
    .from(registryRecord)
    .where(visibleRecords(scope, collection, audience));
}

export async function findRecords(
  db: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  uuids: readonly string[],
): Promise<RecordRow[]> {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(registryRecord)
    .where(and(inScope(scope, collection), uuidIn(registryRecord.uuid, uuids)));
}

export async function findRecord(
  db: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  uuid: string,
  lock = false,
): Promise<RecordRow | null> {
  const query = db
    .select()
    .from(registryRecord)
    .where(and(inScope(scope, collection), eq(registryRecord.uuid, uuid)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Every record of the year, of every collection. */
export async function recordsOfYear(db: DbOrTx, scope: YearScope): Promise<RecordRow[]> {
  return db
    .select()
    .from(registryRecord)
    .where(
      and(eq(registryRecord.buildingId, scope.buildingId), eq(registryRecord.fiscalYear, scope.fiscalYear)),
    );
}

/**
 * A unit's, parking's or locker's monthly contribution, as the applied budget sets it: derived,
 * not an edit, so neither logged nor dated; the caller announces the collection.
 */
export async function setMonthlyContribution(
  tx: DbOrTx,
  scope: YearScope,
  record: RecordRow,
  monthly: number,
): Promise<void> {
  await tx
    .update(registryRecord)
    .set({ data: { ...record.data, monthlyContributions: monthly } })
    .where(and(inScope(scope, record.collection), eq(registryRecord.uuid, record.uuid)));
}

/** Gives the record another ledger account (a sold unit's new owners get their own). */
export async function setRecordAccount(
  tx: DbOrTx,
  scope: YearScope,
  collection: RegistryCollection,
  uuid: string,
  aid: number,
): Promise<void> {
  await tx
    .update(registryRecord)
    .set({ aid, updatedAt: new Date() })
    .where(and(inScope(scope, collection), eq(registryRecord.uuid, uuid)));
}

const sameValue = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each field of `fields` whose value differs, with before and after (SPEC 3 edit events). */
export function fieldChanges(before: RecordData, after: RecordData, fields: readonly string[]): LogChange[] {
  return fields
    .filter((field) => !sameValue(before[field], after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

const isUniqueViolation = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  const causeCode = (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || causeCode === '23505';
};

const numberTaken = () => new AppError('numberTaken', [{ path: ['number'], key: 'registry.numberTaken' }]);

async function announce(
  tx: DbOrTx,
  scope: YearScope,
  def: CollectionDef<object, object>,
  row: RecordRow,
): Promise<void> {
  await publish(tx, { buildingId: scope.buildingId, collection: def.collection, ids: [row.uuid] });
  const others = (await def.afterWrite?.(tx, scope, row)) ?? new Map<RegistryCollection, string[]>();
  for (const [collection, ids] of others) {
    if (ids.length > 0) await publish(tx, { buildingId: scope.buildingId, collection, ids });
  }
}

async function checked(
  tx: DbOrTx,
  scope: YearScope,
  def: CollectionDef<object, object>,
  before: RecordData | null,
  data: RecordData,
  uuid: string,
) {
  const issues = [
    ...((await def.check?.(tx, scope, data, uuid)) ?? []),
    ...((await def.checkTransition?.(tx, scope, before, data, uuid)) ?? []),
  ];
  if (issues.length > 0) throw new AppError('validation', issues);
  return (await def.derive?.(tx, scope, data)) ?? {};
}

export async function createRecord<C extends object, E extends object>(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  def: CollectionDef<C, E>,
  input: C,
): Promise<RecordRow> {
  const generic = def as unknown as CollectionDef<object, object>;
  await lockWritableYear(tx, scope);
  const uuid = randomUUID();
  const number = def.numberOf?.(input) ?? null;
  const data: RecordData = { ...def.initialData, ...input };
  for (const field of def.columnFields ?? []) delete data[field];
  const derived = await checked(tx, scope, generic, null, data, uuid);
  if (number !== null) {
    const [taken] = await tx
      .select({ uuid: registryRecord.uuid })
      .from(registryRecord)
      .where(and(inScope(scope, def.collection), eq(registryRecord.number, number)));
    if (taken) throw numberTaken();
  }
  const aid = def.ledgerKind ? await allocateLedgerAccount(tx, scope.buildingId, def.ledgerKind, uuid) : null;
  let row: RecordRow | undefined;
  try {
    [row] = await tx
      .insert(registryRecord)
      .values({ ...scope, collection: def.collection, uuid, aid, number, data, ...derived })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken();
    throw error;
  }
  if (!row) throw new Error('registry insert returned nothing');
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: `${def.entity}Created`,
    source,
    message: `${def.entity} created: ${def.labelOf(row)}`,
    metadata: { uuid, fiscalYear: scope.fiscalYear, ...(aid !== null ? { aid } : {}) },
    indexes: [uuid],
  });
  await announce(tx, scope, generic, row);
  return row;
}

/**
 * Replaces the editable fields; logs each changed one with before and after. `effects` are what
 * the collection's `onEdited` may need (the routes give them).
 */
export async function editRecord<C extends object, E extends object>(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  def: CollectionDef<C, E>,
  uuid: string,
  edit: E,
  fields: readonly string[] = def.editableFields,
  effects?: WriteEffects,
): Promise<RecordRow> {
  const generic = def as unknown as CollectionDef<object, object>;
  await lockWritableYear(tx, scope);
  const before = await findRecord(tx, scope, def.collection, uuid, true);
  if (!before) throw new AppError('notFound');
  const data: RecordData = { ...before.data };
  for (const field of fields) delete data[field];
  Object.assign(data, edit);
  const changes = fieldChanges(before.data, data, fields);
  if (changes.length === 0) return before;
  const derived = await checked(tx, scope, generic, before.data, data, uuid);
  const [row] = await tx
    .update(registryRecord)
    .set({ data, ...derived, updatedAt: new Date() })
    .where(and(inScope(scope, def.collection), eq(registryRecord.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: `${def.entity}Edited`,
    source,
    message: `${def.entity} edited: ${def.labelOf(row)} (${changes.map((c) => c.field).join(', ')})`,
    metadata: { uuid, fiscalYear: scope.fiscalYear },
    changes,
    indexes: [uuid],
  });
  await def.onEdited?.(tx, scope, source, before, row, effects);
  await announce(tx, scope, generic, row);
  return row;
}

/** Archives or brings back a record; archiving is logged as such, bringing back as an edit. */
export async function setArchived<C extends object, E extends object>(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  def: CollectionDef<C, E>,
  uuid: string,
  archived: boolean,
): Promise<RecordRow> {
  const generic = def as unknown as CollectionDef<object, object>;
  await lockWritableYear(tx, scope);
  const before = await findRecord(tx, scope, def.collection, uuid, true);
  if (!before) throw new AppError('notFound');
  if (before.archived === archived) return before;
  if (archived) {
    const problem = await def.archiveProblem?.(tx, scope, uuid);
    if (problem) throw problem;
  } else {
    // What an archived unit held may have gone elsewhere meanwhile (its parkings to another unit).
    const issues = (await def.check?.(tx, scope, before.data, uuid)) ?? [];
    if (issues.length > 0) throw new AppError('validation', issues);
  }
  const [row] = await tx
    .update(registryRecord)
    .set({ archived, updatedAt: new Date() })
    .where(and(inScope(scope, def.collection), eq(registryRecord.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: archived ? `${def.entity}Archived` : `${def.entity}Edited`,
    source,
    message: `${def.entity} ${archived ? 'archived' : 'unarchived'}: ${def.labelOf(row)}`,
    metadata: { uuid, fiscalYear: scope.fiscalYear },
    changes: [{ field: 'archived', before: !archived, after: archived }],
    indexes: [uuid],
  });
  await announce(tx, scope, generic, row);
  return row;
}

/** A record as the API answers it: its data, its number and account, and its bookkeeping fields. */
export function recordView(row: RecordRow): RecordData {
  return {
    ...row.data,
    ...(row.number !== null ? { number: row.number } : {}),
    ...(row.aid !== null ? { aid: row.aid } : {}),
    uuid: row.uuid,
    fiscalYear: row.fiscalYear,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
