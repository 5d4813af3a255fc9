import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isForbiddenFile, type FieldIssue } from '@copro/domain';
import { AppError } from '../../../platform/errors';
import { withMultipart } from '../../../platform/multipart';

/** The largest file a request takes. */
export const maxRequestFileBytes = 10 * 1024 * 1024;

export interface UploadedRequestFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

const unreadable = (): AppError =>
  new AppError('validation', [{ path: ['file'], key: 'requests.validation.fileRefused' }]);

export function withRequestUploads(app: FastifyInstance, routes: (scoped: FastifyInstance) => void): void {
  withMultipart(app, { maxFileBytes: maxRequestFileBytes, unreadable }, routes);
}

/** The files of a multipart form (field `file`, one or more), each refused if its kind is forbidden. */
export async function uploadedRequestFiles(req: FastifyRequest): Promise<UploadedRequestFile[]> {
  const form = req.body;
  if (!(form instanceof FormData)) throw unreadable();
  const files: File[] = [];
  for (const entry of form.getAll('file')) if (entry instanceof File) files.push(entry);
  if (files.length === 0) throw new AppError('validation', [{ path: ['file'], key: 'validation.required' }]);
  const issues: FieldIssue[] = [];
  const uploads: UploadedRequestFile[] = [];
  for (const [i, file] of files.entries()) {
    const fileName = file.name.trim();
    const control = [...fileName].some((c) => c.charCodeAt(0) < 0x20);
    if (fileName.length === 0 || fileName.length > 300 || fileName.includes('/') || control) {
      issues.push({ path: ['file', i], key: 'validation.invalidIdentifier' });
      continue;
    }
    if (file.size > maxRequestFileBytes) throw new AppError('fileTooLarge');
    const bytes = Buffer.from(await file.arrayBuffer());
    if (isForbiddenFile(fileName, file.type, bytes.subarray(0, 8))) {
      issues.push({ path: ['file', i], key: 'requests.validation.fileRefused' });
      continue;
    }
    uploads.push({ fileName, mimeType: file.type || 'application/octet-stream', bytes });
  }
  if (issues.length > 0) throw new AppError('validation', issues);
  return uploads;
}
