import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ReconciliationPeriod } from '@copro/domain';
import type { DbOrTx, Tx } from '../../../db/client';
import { reconciliationPeriod } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { FileChanges, FileStorage } from '../../../platform/storage';
import type { UploadedFile } from '../../payables';
import type { ReconciliationContext } from '../context';
import { bankOrNotFound } from './bank';
import { logPeriod } from './period-log';
import { periodsOf, placeOf } from './period-rows';
import { periodView } from './period-view';
import { assertOpen, heldPeriod } from './periods';

/**
 * A period's bank statement, one PDF at most (SPEC 5: a reconciliation holds one attachment). It may
 * be attached to a reconciled period (the evidence of what was reconciled may come late), but not
 * removed from one: what a closed period was reconciled against stays until it is reopened.
 */

/** Where a period's statement is kept, by a fresh name for each upload. */
export const statementKey = (buildingId: string, periodUuid: string, fileId: string): string =>
  `buildings/${buildingId}/reconciliations/${periodUuid}/${fileId}.pdf`;

const where = (buildingId: string, uuid: string) =>
  and(eq(reconciliationPeriod.buildingId, buildingId), eq(reconciliationPeriod.uuid, uuid));

export async function attachStatement(
  tx: Tx,
  files: FileChanges,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
  upload: UploadedFile,
  now: Date,
): Promise<ReconciliationPeriod> {
  const { bank, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period } = place;
  if (period.statementFile) {
    throw new AppError('validation', [{ path: ['file'], key: 'validation.tooManyFiles' }]);
  }
  const fileId = randomUUID();
  await files.put(statementKey(ctx.buildingId, period.uuid, fileId), upload.bytes);
  const statementFile = {
    fileId,
    fileName: upload.fileName,
    size: upload.bytes.length,
    uploadedAt: now.toISOString(),
  };
  await tx.update(reconciliationPeriod).set({ statementFile }).where(where(ctx.buildingId, period.uuid));
  await logPeriod(tx, ctx, bank, period, {
    event: 'bankReconciliationModified',
    message: 'statementAttached',
    params: { file: upload.fileName },
    metadata: { action: 'statementAttached', fileName: upload.fileName, size: statementFile.size },
  });
  return periodView(tx, ctx, bankUuid, periodUuid);
}

export async function removeStatement(
  tx: Tx,
  files: FileChanges,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
): Promise<ReconciliationPeriod> {
  const { bank, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period } = place;
  const file = period.statementFile;
  if (!file) return periodView(tx, ctx, bankUuid, periodUuid);
  assertOpen(period);
  files.removeAfterCommit(statementKey(ctx.buildingId, period.uuid, file.fileId));
  await tx
    .update(reconciliationPeriod)
    .set({ statementFile: null })
    .where(where(ctx.buildingId, period.uuid));
  await logPeriod(tx, ctx, bank, period, {
    event: 'bankReconciliationModified',
    message: 'statementRemoved',
    params: { file: file.fileName },
    metadata: { action: 'statementRemoved', fileName: file.fileName },
  });
  return periodView(tx, ctx, bankUuid, periodUuid);
}

/** The period's statement, to download; none is not found. */
export async function statementOf(
  db: DbOrTx,
  storage: FileStorage,
  ctx: Pick<ReconciliationContext, 'buildingId'>,
  bankUuid: string,
  periodUuid: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  await bankOrNotFound(db, ctx.buildingId, bankUuid);
  const { period } = placeOf(await periodsOf(db, ctx.buildingId, bankUuid), periodUuid);
  const file = period.statementFile;
  const bytes = file ? await storage.get(statementKey(ctx.buildingId, period.uuid, file.fileId)) : null;
  if (!file || !bytes) throw new AppError('notFound');
  return { fileName: file.fileName, bytes };
}
