import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  defaultPenaltyKinds,
  type Cents,
  type PenaltyInput,
  type PenaltyKind,
  type PenaltyView,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { building, fiscalYear, penalty, type LogSource, type PenaltyRow } from '../../../db/schema/index';
import { changesBetween, writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { findRecord } from '../../registry';

export function penaltyView(row: PenaltyRow): PenaltyView {
  return {
    uuid: row.uuid,
    kind: row.kind as PenaltyKind,
    name: row.name,
    description: row.description,
    categoryUuid: row.categoryUuid,
    amount: row.amount,
    rate: row.rate,
    gracePeriod: row.gracePeriod,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored columns of a penalty form: the fields a kind does not have are null. */
function columnsOf(input: PenaltyInput) {
  return {
    kind: input.kind,
    categoryUuid: input.categoryUuid,
    name: 'name' in input ? input.name : null,
    description: 'description' in input ? (input.description ?? null) : null,
    amount: 'amount' in input ? input.amount : null,
    rate: 'rate' in input ? input.rate : null,
    gracePeriod: 'gracePeriod' in input ? input.gracePeriod : null,
  };
}

const isDefaultKind = (kind: string): boolean => (defaultPenaltyKinds as readonly string[]).includes(kind);

/** The building's latest year that is not archived: penalties name its categories. */
export async function latestOpenYear(db: DbOrTx, buildingId: string): Promise<YearScope | null> {
  const [year] = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, buildingId), eq(fiscalYear.archived, false)))
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  return year ? { buildingId, fiscalYear: year.start } : null;
}

export async function listPenalties(db: DbOrTx, buildingId: string): Promise<PenaltyView[]> {
  const rows = await db
    .select()
    .from(penalty)
    .where(eq(penalty.buildingId, buildingId))
    .orderBy(asc(penalty.createdAt), asc(penalty.uuid));
  return rows.map(penaltyView);
}

/**
 * Refuses a category that is not a live category of the latest open year (categories keep their
 * uuid from year to year), and a second penalty of a default kind. Holds the year writable and
 * keeps two writers of the building's penalties apart until the caller's transaction ends.
 */
async function checkPenalty(tx: DbOrTx, buildingId: string, input: PenaltyInput, self: string | null) {
  const year = await latestOpenYear(tx, buildingId);
  if (!year) throw new AppError('archivedFiscalYear');
  await lockWritableYear(tx, year);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`penalties:${buildingId}`}))`);
  const issues = [];
  const category = await findRecord(tx, year, 'categories', input.categoryUuid);
  if (!category || category.archived)
    issues.push({ path: ['categoryUuid'], key: 'penalties.validation.categoryMissing' });
  if (isDefaultKind(input.kind)) {
    const [twin] = await tx
      .select({ uuid: penalty.uuid })
      .from(penalty)
      .where(
        and(
          eq(penalty.buildingId, buildingId),
          eq(penalty.kind, input.kind),
          self ? ne(penalty.uuid, self) : undefined,
        ),
      );
    if (twin) issues.push({ path: ['kind'], key: 'penalties.validation.defaultExists' });
  }
  if (issues.length > 0) throw new AppError('validation', issues);
}

const label = (row: { kind: string; name: string | null }): string => row.name ?? row.kind;

export async function createPenalty(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  input: PenaltyInput,
): Promise<PenaltyView> {
  await checkPenalty(tx, buildingId, input, null);
  const [row] = await tx
    .insert(penalty)
    .values({ buildingId, uuid: randomUUID(), ...columnsOf(input) })
    .returning();
  if (!row) throw new Error('penalty insert returned nothing');
  await writeLog(tx, {
    buildingId,
    event: 'penaltyCreated',
    source,
    message: `Penalty created: ${label(row)}`,
    metadata: { uuid: row.uuid, kind: row.kind },
    indexes: [row.uuid],
  });
  await publish(tx, { buildingId, collection: 'penalties', ids: [row.uuid] });
  return penaltyView(row);
}

async function lockedPenalty(tx: DbOrTx, buildingId: string, uuid: string): Promise<PenaltyRow> {
  const [row] = await tx
    .select()
    .from(penalty)
    .where(and(eq(penalty.buildingId, buildingId), eq(penalty.uuid, uuid)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

/** Replaces the penalty's fields with the form's; logs each changed field with before and after. */
export async function editPenalty(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  uuid: string,
  input: PenaltyInput,
): Promise<PenaltyView> {
  const before = await lockedPenalty(tx, buildingId, uuid);
  await checkPenalty(tx, buildingId, input, uuid);
  const changes = changesBetween(before, columnsOf(input));
  if (changes.length === 0) return penaltyView(before);
  const [row] = await tx
    .update(penalty)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(and(eq(penalty.buildingId, buildingId), eq(penalty.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId,
    event: 'penaltyEdited',
    source,
    message: `Penalty edited: ${label(row)} (${changes.map((c) => c.field).join(', ')})`,
    metadata: { uuid, kind: row.kind },
    changes,
    indexes: [uuid],
  });
  await publish(tx, { buildingId, collection: 'penalties', ids: [uuid] });
  return penaltyView(row);
}

/** Deleting stops future automatic charges; what was already charged stays in the ledger. */
export async function deletePenalty(tx: DbOrTx, buildingId: string, source: LogSource, uuid: string) {
  const row = await lockedPenalty(tx, buildingId, uuid);
  const year = await latestOpenYear(tx, buildingId);
  if (year) await lockWritableYear(tx, year);
  await tx.delete(penalty).where(and(eq(penalty.buildingId, buildingId), eq(penalty.uuid, uuid)));
  await writeLog(tx, {
    buildingId,
    event: 'penaltyDeleted',
    source,
    message: `Penalty deleted: ${label(row)}`,
    metadata: { uuid, kind: row.kind, before: penaltyView(row) },
    indexes: [uuid],
  });
  await publish(tx, { buildingId, collection: 'penalties', ids: [uuid] });
}

/** The threshold is a building setting: its change is logged as a building edit. */
export async function setPenaltyThreshold(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  minimumUnitBalanceBeforeChargingPenalties: Cents,
): Promise<{ minimumUnitBalanceBeforeChargingPenalties: Cents }> {
  const [before] = await tx.select().from(building).where(eq(building.id, buildingId)).for('update');
  if (!before) throw new AppError('notFound');
  const changes = changesBetween(before, { minimumUnitBalanceBeforeChargingPenalties });
  if (changes.length > 0) {
    await tx
      .update(building)
      .set({ minimumUnitBalanceBeforeChargingPenalties, updatedAt: new Date() })
      .where(eq(building.id, buildingId));
    await writeLog(tx, {
      buildingId,
      event: 'buildingEdited',
      source,
      message: 'Building edited: minimumUnitBalanceBeforeChargingPenalties',
      changes,
    });
    await publish(tx, { buildingId, collection: 'building', ids: [buildingId] });
  }
  return { minimumUnitBalanceBeforeChargingPenalties };
}
