import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Cents, CheckInput, CheckSeriesSave, CheckStatus, CheckView } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { deposit, recordedCheck } from '../../db/schema/index';
import { changesBetween } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import { findRecords, type RecordRow } from '../registry';
import { type MoneyInContext } from './context';
import { writeLog } from '../../platform/audit';
import { mailOwnersTemplate } from './owner-mail';
import { ReferenceCheck, unitNumberOf } from './references';
import { checkProblems, lockChecks, refuseCheckProblems } from './check-rules';

export type CheckRow = typeof recordedCheck.$inferSelect;

const inYear = (scope: YearScope) =>
  and(eq(recordedCheck.buildingId, scope.buildingId), eq(recordedCheck.fiscalYear, scope.fiscalYear));

/** Checks as the API answers them, with their unit's number and their deposit's. */
export async function checkViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly CheckRow[],
): Promise<CheckView[]> {
  const units = new Map(
    (await findRecords(db, scope, 'units', [...new Set(rows.map((r) => r.unitUuid))])).map((u) => [
      u.uuid,
      u,
    ]),
  );
  const depositUuids = [...new Set(rows.flatMap((r) => (r.depositUuid ? [r.depositUuid] : [])))];
  const deposits = new Map(
    depositUuids.length === 0
      ? []
      : (
          await db
            .select({ uuid: deposit.uuid, number: deposit.number })
            .from(deposit)
            .where(and(eq(deposit.buildingId, scope.buildingId), inArray(deposit.uuid, depositUuids)))
        ).map((d) => [d.uuid, d.number]),
  );
  return rows.map((r) => ({
    uuid: r.uuid,
    fiscalYear: r.fiscalYear,
    unitUuid: r.unitUuid,
    unitNumber: unitNumberOf(units.get(r.unitUuid)),
    number: r.number,
    amount: r.amount,
    date: r.date,
    notes: r.notes,
    status: r.status,
    depositUuid: r.depositUuid,
    depositNumber: r.depositUuid ? (deposits.get(r.depositUuid) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listChecks(
  db: DbOrTx,
  scope: YearScope,
  filters: { status?: CheckStatus | undefined; unitUuid?: string | undefined },
): Promise<CheckView[]> {
  const rows = await db
    .select()
    .from(recordedCheck)
    .where(
      and(
        inYear(scope),
        filters.status ? eq(recordedCheck.status, filters.status) : undefined,
        filters.unitUuid ? eq(recordedCheck.unitUuid, filters.unitUuid) : undefined,
      ),
    )
    .orderBy(asc(recordedCheck.date), asc(recordedCheck.number), asc(recordedCheck.createdAt));
  return checkViews(db, scope, rows);
}

/** The check, locked for the rest of the write. */
export async function lockedCheck(tx: DbOrTx, scope: YearScope, uuid: string): Promise<CheckRow | null> {
  const [row] = await tx
    .select()
    .from(recordedCheck)
    .where(and(inYear(scope), eq(recordedCheck.uuid, uuid)))
    .for('update');
  return row ?? null;
}

/**
 * Stores checks of one unit. Recorded ones wait for a deposit; a deposit stores the checks it
 * brings as already deposited. Nothing is posted: the deposit posts the payment (DOMAIN 4).
 */
export async function insertChecks(
  tx: DbOrTx,
  ctx: MoneyInContext,
  unitUuid: string,
  checks: readonly { number: string; amount: Cents; date: string; notes?: string | undefined }[],
  placed: { status: CheckStatus; depositUuid: string | null } = { status: 'recorded', depositUuid: null },
): Promise<CheckRow[]> {
  return tx
    .insert(recordedCheck)
    .values(
      checks.map((c) => ({
        buildingId: ctx.scope.buildingId,
        uuid: randomUUID(),
        fiscalYear: ctx.scope.fiscalYear,
        unitUuid,
        number: c.number,
        amount: c.amount,
        date: c.date,
        notes: c.notes ?? '',
        status: placed.status,
        depositUuid: placed.depositUuid,
        createdBy: ctx.source,
      })),
    )
    .returning();
}

/** DOMAIN 4: the owners hear that their check arrived, when the building asks for it. */
async function mailCheckSaved(tx: DbOrTx, ctx: MoneyInContext, unit: RecordRow, checks: readonly CheckRow[]) {
  if (!ctx.building.sendEmailOnCheckSaved) return;
  for (const check of checks) {
    await mailOwnersTemplate(tx, ctx, unit, check.date, 'checkSaved', (money) => ({
      buildingName: ctx.building.name,
      checkNumber: check.number,
      amount: money(check.amount),
      unitNumber: unit.number ?? '',
    }));
  }
}

type Path = (string | number)[];

/** Where a form has the unit and each check's number and date, for the issues it is shown. */
export interface CheckPaths {
  unit: Path;
  number: (i: number) => Path;
  date: (i: number) => Path;
}

const seriesPaths: CheckPaths = {
  unit: ['unitUuid'],
  number: (i) => ['checks', i, 'number'],
  date: (i) => ['checks', i, 'date'],
};

export const singleCheckPaths: CheckPaths = {
  unit: ['unitUuid'],
  number: () => ['number'],
  date: () => ['date'],
};

/**
 * Records checks on arrival (one, or a post-dated series), logged, announced and mailed. Each is
 * dated within reason for the year, and its number is not one of the unit's other checks.
 */
export async function recordChecks(
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: CheckSeriesSave,
  paths: CheckPaths = seriesPaths,
): Promise<CheckView[]> {
  await lockWritableYear(tx, ctx.scope);
  await lockChecks(tx, ctx.scope);
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.account('units', input.unitUuid, paths.unit);
  refs.done();
  if (!unit) throw new AppError('notFound');
  refuseCheckProblems(
    await checkProblems(
      tx,
      ctx.scope,
      input.checks.map((c, i) => ({
        unitUuid: unit.uuid,
        number: c.number,
        date: c.date,
        paths: { number: paths.number(i), date: paths.date(i) },
      })),
      { bankUuid: null },
    ),
  );
  const rows = await insertChecks(
    tx,
    ctx,
    unit.uuid,
    input.checks.map((c) => ({ ...c, notes: input.notes })),
  );
  for (const row of rows) {
    await writeLog(tx, {
      buildingId: ctx.scope.buildingId,
      event: 'checkRecorded',
      source: ctx.source,
      message: `Check recorded: ${row.number} of unit ${unit.number ?? ''} (${row.amount} cents, ${row.date})`,
      metadata: { uuid: row.uuid, unitUuid: unit.uuid, amount: row.amount, fiscalYear: ctx.scope.fiscalYear },
      indexes: [row.uuid, unit.uuid],
    });
  }
  await mailCheckSaved(tx, ctx, unit, rows);
  await publish(tx, { buildingId: ctx.scope.buildingId, collection: 'checks', ids: rows.map((r) => r.uuid) });
  return checkViews(tx, ctx.scope, rows);
}

export const recordCheck = async (
  tx: DbOrTx,
  ctx: MoneyInContext,
  input: CheckInput,
  paths: CheckPaths = singleCheckPaths,
): Promise<CheckView> => {
  const [view] = await recordChecks(
    tx,
    ctx,
    {
      unitUuid: input.unitUuid,
      checks: [{ number: input.number, amount: input.amount, date: input.date }],
      notes: input.notes,
    },
    paths,
  );
  if (!view) throw new Error('check insert returned nothing');
  return view;
};

/** A check changes or goes only while it waits for its deposit: after that, the ledger holds it. */
async function stillRecorded(tx: DbOrTx, scope: YearScope, uuid: string): Promise<CheckRow> {
  await lockWritableYear(tx, scope);
  await lockChecks(tx, scope);
  const row = await lockedCheck(tx, scope, uuid);
  if (!row) throw new AppError('notFound');
  if (row.status !== 'recorded')
    throw new AppError('validation', [{ path: [], key: 'receivables.validation.checkNotRecorded' }]);
  return row;
}

export async function editCheck(
  tx: DbOrTx,
  ctx: MoneyInContext,
  uuid: string,
  input: CheckInput,
): Promise<CheckView> {
  const before = await stillRecorded(tx, ctx.scope, uuid);
  const refs = new ReferenceCheck(tx, ctx.scope);
  const unit = await refs.account('units', input.unitUuid, ['unitUuid']);
  refs.done();
  refuseCheckProblems(
    await checkProblems(
      tx,
      ctx.scope,
      [
        {
          unitUuid: input.unitUuid,
          number: input.number,
          date: input.date,
          paths: { number: ['number'], date: ['date'] },
        },
      ],
      { bankUuid: null, except: uuid },
    ),
  );
  const after = {
    unitUuid: input.unitUuid,
    number: input.number,
    amount: input.amount,
    date: input.date,
    notes: input.notes ?? '',
  };
  const [row] = await tx
    .update(recordedCheck)
    .set({ ...after, updatedAt: new Date() })
    .where(and(inYear(ctx.scope), eq(recordedCheck.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'checkEdited',
    source: ctx.source,
    message: `Check edited: ${row.number} of unit ${unit?.number ?? ''}`,
    metadata: { uuid, fiscalYear: ctx.scope.fiscalYear },
    changes: changesBetween(before, after),
    indexes: [uuid, row.unitUuid],
  });
  await publish(tx, { buildingId: ctx.scope.buildingId, collection: 'checks', ids: [uuid] });
  const [view] = await checkViews(tx, ctx.scope, [row]);
  if (!view) throw new AppError('notFound');
  return view;
}

export async function deleteCheck(tx: DbOrTx, ctx: MoneyInContext, uuid: string): Promise<void> {
  const row = await stillRecorded(tx, ctx.scope, uuid);
  await tx.delete(recordedCheck).where(and(inYear(ctx.scope), eq(recordedCheck.uuid, uuid)));
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'checkDeleted',
    source: ctx.source,
    message: `Check deleted: ${row.number} (${row.amount} cents, ${row.date})`,
    metadata: { uuid, unitUuid: row.unitUuid, amount: row.amount, fiscalYear: ctx.scope.fiscalYear },
    indexes: [uuid, row.unitUuid],
  });
  await publish(tx, { buildingId: ctx.scope.buildingId, collection: 'checks', ids: [uuid] });
}
