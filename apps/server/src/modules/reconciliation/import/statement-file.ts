import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import type { StatementFormat, StatementLineInput } from '@copro/domain';
import { AppError } from '../../../platform/errors';
import { withMultipart } from '../../../platform/multipart';
import { decodeUploadedText } from '../../../platform/text-file';
import { readOfxStatement } from './ofx-reading';

/** The largest statement file taken: a year of a busy account is well under it. */
export const maxStatementBytes = 5 * 1024 * 1024;

export interface UploadedStatement {
  fileName: string;
  bytes: Buffer;
}

const unreadable = (): AppError => new AppError('statementUnreadable');

/** Registers `routes` in a scope whose bodies are multipart forms carrying one statement file each. */
export function withStatementUploads(app: FastifyInstance, routes: (scoped: FastifyInstance) => void): void {
  withMultipart(app, { maxFileBytes: maxStatementBytes, unreadable }, routes);
}

/** The request's one file (field `file`), with a name a statement may have. */
export async function uploadedStatement(req: FastifyRequest): Promise<UploadedStatement> {
  const form = req.body;
  if (!(form instanceof FormData)) throw unreadable();
  const file = form.get('file');
  if (!(file instanceof File))
    throw new AppError('validation', [{ path: ['file'], key: 'validation.required' }]);
  const fileName = file.name.trim();
  const controlCharacter = [...fileName].some((c) => c.charCodeAt(0) < 0x20);
  if (fileName.length === 0 || fileName.length > 300 || fileName.includes('/') || controlCharacter) {
    throw new AppError('validation', [{ path: ['file'], key: 'validation.invalidIdentifier' }]);
  }
  if (file.size > maxStatementBytes) throw new AppError('fileTooLarge');
  return { fileName, bytes: Buffer.from(await file.arrayBuffer()) };
}

/** SHA-256 of the file's bytes: the same file is imported once per bank. */
export const statementHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The file's text (`decodeUploadedText`: UTF-8, else Windows-1252). A NUL byte means a binary file (a PDF, a spreadsheet renamed .csv), which no statement is.
 */
export function statementText(bytes: Buffer): string {
  if (bytes.includes(0)) throw unreadable();
  return decodeUploadedText(bytes).replace(/^\uFEFF/, '');
}

const extensionOf = (fileName: string): string => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** An OFX file shows itself in its first bytes: the SGML header, or the XML one and its root. */
const looksLikeOfx = (text: string): boolean => {
  const start = text.slice(0, 4096).trimStart();
  return /^OFXHEADER\s*:/i.test(start) || /<\?OFX\b/i.test(start) || /^(<\?xml[^>]*>\s*)?<OFX>/i.test(start);
};

/** A CSV's rows, cells as text; the delimiter (comma, semicolon, tab) is the file's. */
export function csvRows(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return parsed.data.filter((row): row is string[] => Array.isArray(row));
}

export type StatementReading =
  | { format: Extract<StatementFormat, 'csv'>; text: string; rows: string[][] }
  | { format: Extract<StatementFormat, 'ofx'>; lines: StatementLineInput[] };

/**
 * What a statement file holds, by its extension and its content: a .csv, .ofx or .qfx file (QFX is
 * OFX with Quicken's additions) whose content reads as its kind. Anything else is unreadable.
 */
export function readStatementFile(upload: UploadedStatement): StatementReading {
  const extension = extensionOf(upload.fileName);
  if (!['csv', 'ofx', 'qfx'].includes(extension)) throw unreadable();
  const text = statementText(upload.bytes);
  if (looksLikeOfx(text)) return { format: 'ofx', lines: readOfxStatement(text) };
  if (extension !== 'csv') throw unreadable();
  const rows = csvRows(text);
  // A statement has a date, a description and an amount: a file of one column is something else.
  if (rows.length === 0 || rows.every((row) => row.length < 3)) throw unreadable();
  return { format: 'csv', text, rows };
}
