import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { limits } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { LogSource } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import type { FileStorage } from '../../platform/storage';
import { editRecord } from './records';
import { unitCollection } from './units';

export const maxProofBytes = 10 * 1024 * 1024;

/** SPEC 3 "File": an attachment comes as a data URL with its name and type. */
export const pdfUploadSchema = z.object({
  fileName: z
    .string()
    .min(1)
    .max(limits.displayName)
    .refine((name) => !name.includes('/'), { message: 'validation.invalidIdentifier' })
    .refine((name) => name.toLowerCase().endsWith('.pdf'), { message: 'validation.pdfOnly' }),
  mimeType: z.literal('application/pdf', { message: 'validation.pdfOnly' }),
  dataUrl: z.string().startsWith('data:application/pdf;base64,', { message: 'validation.pdfOnly' }),
});
export type PdfUpload = z.infer<typeof pdfUploadSchema>;

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
 * first under a fresh name, so a failed transaction leaves at worst an unreferenced file, never a
 * unit pointing at nothing. The caller removes the previous file once the transaction commits.
 */
export async function replaceInsuranceProof(
  tx: DbOrTx,
  storage: FileStorage,
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
    await storage.put(proofKey(scope, unitUuid, proof.fileId), bytes);
  }
  // The proof is not a field of the unit form, so it is written through the one field it touches.
  await editRecord(tx, scope, source, unitCollection, unitUuid, { insuranceProof: proof } as never, [
    'insuranceProof',
  ]);
  return proof;
}
