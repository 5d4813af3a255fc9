import { randomUUID } from 'node:crypto';
import type { PdfUpload } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { LogSource } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import type { FileChanges } from '../../platform/storage';
import { editRecord } from './records';
import { unitCollection } from './units';

export const maxProofBytes = 10 * 1024 * 1024;

export interface StoredProof {
  fileId: string;
  fileName: string;
  size: number;
  uploadedAt: string;
}

export const proofKey = (scope: YearScope, unitUuid: string, fileId: string): string =>
  `buildings/${scope.buildingId}/units/${unitUuid}/insurance/${fileId}.pdf`;

/** The bytes of an upload, refused unless they are really a PDF (SPEC 5: PDF-only inputs). */
export function pdfBytes(upload: PdfUpload): Buffer {
  const bytes = Buffer.from(upload.dataUrl.slice(upload.dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > maxProofBytes) throw new AppError('fileTooLarge');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new AppError('validation', [{ path: ['dataUrl'], key: 'validation.pdfOnly' }]);
  }
  return bytes;
}

/**
 * Stores the proof, then records it on the unit in the caller's transaction. The file is written
 * under a fresh name through the transaction's file changes (`transactionWithFiles`): removed again
 * if the transaction fails, so no failed upload leaves a file behind, and never a unit pointing at
 * nothing. The caller drops the previous file with `files.removeAfterCommit`.
 */
export async function replaceInsuranceProof(
  tx: DbOrTx,
  files: FileChanges,
  scope: YearScope,
  source: LogSource,
  unitUuid: string,
  upload: PdfUpload | null,
): Promise<StoredProof | null> {
  // Refused writes (an archived year) are refused before the file is stored, not after.
  await lockWritableYear(tx, scope);
  let proof: StoredProof | null = null;
  if (upload) {
    const bytes = pdfBytes(upload);
    proof = {
      fileId: randomUUID(),
      fileName: upload.fileName,
      size: bytes.length,
      uploadedAt: new Date().toISOString(),
    };
    await files.put(proofKey(scope, unitUuid, proof.fileId), bytes);
  }
  // The proof is not a field of the unit form, so it is written through the one field it touches.
  await editRecord(tx, scope, source, unitCollection, unitUuid, { insuranceProof: proof } as never, [
    'insuranceProof',
  ]);
  return proof;
}
