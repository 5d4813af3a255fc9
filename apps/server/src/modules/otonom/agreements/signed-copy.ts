import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../../db/client';
import type { LogSource, StoredAgreementFile } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { FileChanges, FileStorage } from '../../../platform/storage';
import type { UploadedFile } from '../../payables';
import { agreementOf, saveAgreement } from './agreement-store';
import { recordInEveryYear } from './unit-records';

/**
 * The payor's signed agreement, one PDF per unit (Rule H1: the payee keeps it). A new one replaces
 * the one before and clears a return's flag: the payor signed again. It cannot be deleted while
 * the unit's automatic payment is on in a year still open: debits must never run without it, so
 * automatic payment is switched off first, on the unit's form, where that is logged.
 */

/** Where a unit's signed agreement is kept, by a fresh name for each upload. */
export const signedAgreementKey = (buildingId: string, unitUuid: string, fileId: string): string =>
  `buildings/${buildingId}/units/${unitUuid}/pad-agreement/${fileId}.pdf`;

async function ensureUnit(db: DbOrTx, buildingId: string, unitUuid: string) {
  const years = await recordInEveryYear(db, buildingId, 'units', unitUuid);
  if (years.length === 0) throw new AppError('notFound');
  return years;
}

export async function uploadSignedAgreement(
  tx: DbOrTx,
  files: FileChanges,
  buildingId: string,
  source: LogSource,
  unitUuid: string,
  upload: UploadedFile,
  now: Date,
): Promise<void> {
  await ensureUnit(tx, buildingId, unitUuid);
  const before = await agreementOf(tx, buildingId, unitUuid, true);
  const fileId = randomUUID();
  await files.put(signedAgreementKey(buildingId, unitUuid, fileId), upload.bytes);
  const previous = before?.signedFile;
  if (previous) files.removeAfterCommit(signedAgreementKey(buildingId, unitUuid, previous.fileId));
  const signedFile: StoredAgreementFile = {
    fileId,
    fileName: upload.fileName,
    size: upload.bytes.length,
    uploadedAt: now.toISOString(),
  };
  await saveAgreement(tx, buildingId, unitUuid, { signedFile, flag: null, flaggedAt: null });
  await writeLog(tx, {
    buildingId,
    event: 'padAgreementUploaded',
    source,
    message: `Signed pre-authorized debit agreement of unit ${unitUuid} uploaded: ${upload.fileName}`,
    metadata: {
      unitUuid,
      fileName: upload.fileName,
      size: signedFile.size,
      replaced: previous !== undefined && previous !== null,
      clearedFlag: before?.flag ?? null,
    },
    indexes: [unitUuid],
  });
}

export async function deleteSignedAgreement(
  tx: DbOrTx,
  files: FileChanges,
  buildingId: string,
  source: LogSource,
  unitUuid: string,
): Promise<void> {
  const years = await ensureUnit(tx, buildingId, unitUuid);
  const before = await agreementOf(tx, buildingId, unitUuid, true);
  const file = before?.signedFile;
  if (!file) return;
  if (years.some((year) => !year.archivedYear && year.row.data.automaticPayment === true)) {
    throw new AppError('validation', [{ path: [], key: 'padAgreement.validation.automaticPaymentOn' }]);
  }
  files.removeAfterCommit(signedAgreementKey(buildingId, unitUuid, file.fileId));
  await saveAgreement(tx, buildingId, unitUuid, { signedFile: null });
  await writeLog(tx, {
    buildingId,
    event: 'padAgreementDeleted',
    source,
    message: `Signed pre-authorized debit agreement of unit ${unitUuid} deleted: ${file.fileName}`,
    metadata: { unitUuid, fileName: file.fileName },
    indexes: [unitUuid],
  });
}

/** The signed copy, to download; none is not found. */
export async function signedAgreementFile(
  db: DbOrTx,
  storage: FileStorage,
  buildingId: string,
  unitUuid: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  await ensureUnit(db, buildingId, unitUuid);
  const file = (await agreementOf(db, buildingId, unitUuid))?.signedFile;
  const bytes = file ? await storage.get(signedAgreementKey(buildingId, unitUuid, file.fileId)) : null;
  if (!file || !bytes) throw new AppError('notFound');
  return { fileName: file.fileName, bytes };
}
