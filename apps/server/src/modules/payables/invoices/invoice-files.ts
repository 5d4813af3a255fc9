import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AttachmentRef, FieldIssue } from '@copro/domain';
import { AppError } from '../../../platform/errors';
import { withMultipart } from '../../../platform/multipart';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { FileChanges, FileStorage } from '../../../platform/storage';

/** The largest invoice PDF taken. */
export const maxInvoiceFileBytes = 10 * 1024 * 1024;

/**
 * Where an invoice's PDF is kept, from its upload on: the invoice form uploads its files first, then
 * names them in the invoice it sends, so the key depends only on the building and the file.
 */
export const invoiceFileKey = (buildingId: string, fileId: string): string =>
  `buildings/${buildingId}/supplier-invoices/files/${fileId}.pdf`;

/** A file sent in a multipart form, before it is checked. */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

const pdfOnly = (): AppError => new AppError('validation', [{ path: ['file'], key: 'validation.pdfOnly' }]);

/** Registers `routes` in a scope whose bodies are multipart forms carrying one PDF each (`uploadedPdf`). */
export function withPdfUploads(app: FastifyInstance, routes: (scoped: FastifyInstance) => void): void {
  withMultipart(app, { maxFileBytes: maxInvoiceFileBytes, unreadable: pdfOnly }, routes);
}

/**
 * The request's one PDF (field `file`), refused unless it is one by its type, its name and its
 * bytes (SPEC 5: PDF-only inputs check the mime type and the .pdf name).
 */
export async function uploadedPdf(req: FastifyRequest): Promise<UploadedFile> {
  const form = req.body;
  if (!(form instanceof FormData)) throw pdfOnly();
  const file = form.get('file');
  if (!(file instanceof File)) {
    throw new AppError('validation', [{ path: ['file'], key: 'validation.required' }]);
  }
  const fileName = file.name.trim();
  const issues: FieldIssue[] = [];
  const controlCharacter = [...fileName].some((c) => c.charCodeAt(0) < 0x20);
  if (fileName.length === 0 || fileName.length > 300 || fileName.includes('/') || controlCharacter) {
    issues.push({ path: ['file'], key: 'validation.invalidIdentifier' });
  }
  if (file.type !== 'application/pdf' || !fileName.toLowerCase().endsWith('.pdf'))
    issues.push({ path: ['file'], key: 'validation.pdfOnly' });
  if (issues.length > 0) throw new AppError('validation', issues);
  if (file.size > maxInvoiceFileBytes) throw new AppError('fileTooLarge');
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw pdfOnly();
  return { fileName, mimeType: 'application/pdf', bytes };
}

/**
 * Stores an invoice's PDF through the transaction's file changes (removed again if it fails), ready
 * to be named in an invoice's attachments. The prefill reads the same upload and stores it so too.
 */
export async function storeInvoiceFile(
  files: FileChanges,
  scope: YearScope,
  upload: UploadedFile,
): Promise<AttachmentRef> {
  const fileId = randomUUID();
  await files.put(invoiceFileKey(scope.buildingId, fileId), upload.bytes);
  return { fileId, fileName: upload.fileName, mimeType: upload.mimeType, size: upload.bytes.length };
}

/**
 * The attachments of a new invoice, each a file uploaded first, at most once: what is stored is
 * what counts (its size, a PDF), the name is the one the form sends.
 */
export async function storedAttachments(
  storage: FileStorage,
  scope: YearScope,
  refs: readonly AttachmentRef[],
): Promise<{ attachments: AttachmentRef[]; issues: FieldIssue[] }> {
  const attachments: AttachmentRef[] = [];
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const [i, ref] of refs.entries()) {
    if (seen.has(ref.fileId)) {
      issues.push({ path: ['attachments', i], key: 'payables.invoices.validation.fileTwice' });
      continue;
    }
    seen.add(ref.fileId);
    const bytes = await storage.get(invoiceFileKey(scope.buildingId, ref.fileId));
    if (!bytes) {
      issues.push({ path: ['attachments', i], key: 'payables.invoices.validation.fileNotUploaded' });
      continue;
    }
    attachments.push({
      fileId: ref.fileId,
      fileName: ref.fileName,
      mimeType: 'application/pdf',
      size: bytes.length,
    });
  }
  return { attachments, issues };
}
