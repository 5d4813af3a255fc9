import type { z } from 'zod';
import { isErrorCode, type FieldIssue } from '@copro/domain';
import { ApiError } from './api';
import { currentLanguage } from './i18n';

/**
 * One file sent as multipart (field `file`), the way every upload route takes files (supplier
 * invoices, statement PDFs, bank statements), with the method the route takes. The answer is typed
 * by the route's response schema, as `api` types JSON calls; a refusal is an ApiError with the
 * server's code and field issues, like every other call.
 */
export async function uploadFile<S extends z.ZodType>(
  url: string,
  method: 'POST' | 'PUT',
  file: File,
  response: S,
): Promise<z.output<S>> {
  const body = new FormData();
  body.append('file', file, file.name);
  return uploadForm(url, method, body, response);
}

/**
 * A multipart form of several fields and files (a post and its attachments), answered like
 * `uploadFile`; with an `idempotencyKey`, a double click or a retry writes once.
 */
export async function uploadForm<S extends z.ZodType>(
  url: string,
  method: 'POST' | 'PUT',
  body: FormData,
  response: S,
  idempotencyKey?: string,
): Promise<z.output<S>> {
  let answer: Response;
  try {
    answer = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': currentLanguage(),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body,
    });
  } catch {
    throw new ApiError('network', 0);
  }
  const text = await answer.text();
  let parsed: unknown = null;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    parsed = null;
  }
  if (!answer.ok) {
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const code = isErrorCode(record.code) ? record.code : answer.status === 403 ? 'forbidden' : 'unknown';
    const issues = Array.isArray(record.issues) ? (record.issues as FieldIssue[]) : [];
    throw new ApiError(code, answer.status, issues);
  }
  return response.parse(parsed) as z.output<S>;
}
