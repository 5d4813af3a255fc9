import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors';
import { withMultipart } from '../../../platform/multipart';
import { decodeUploadedText } from '../../../platform/text-file';
import type { ReturnUpload } from './import-returns';

/** The largest return file taken: a year of a large building's returns is far under it. */
export const maxReturnFileBytes = 2 * 1024 * 1024;

const unreadable = (): AppError =>
  new AppError('validation', [{ path: ['file'], key: 'otonom.validation.unreadableReturnFile' }]);

/** Registers `routes` in a scope whose bodies are multipart forms carrying one return file each. */
export function withReturnUploads(app: FastifyInstance, routes: (scoped: FastifyInstance) => void): void {
  withMultipart(app, { maxFileBytes: maxReturnFileBytes, unreadable }, routes);
}

/**
 * The request's one file (field `file`) as text (`decodeUploadedText`). A NUL byte is a binary file (a PDF, a spreadsheet renamed .csv), which the reader refuses.
 */
export async function uploadedReturnFile(req: FastifyRequest): Promise<ReturnUpload> {
  const form = req.body;
  if (!(form instanceof FormData)) throw unreadable();
  const file = form.get('file');
  if (!(file instanceof File))
    throw new AppError('validation', [{ path: ['file'], key: 'validation.required' }]);
  if (file.size > maxReturnFileBytes) throw new AppError('fileTooLarge');
  const fileName = file.name.trim().slice(0, 300) || 'returns.csv';
  return { fileName, text: decodeUploadedText(new Uint8Array(await file.arrayBuffer())) };
}
