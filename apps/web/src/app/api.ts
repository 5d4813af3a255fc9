import type { z } from 'zod';
import { authLibraryCodes, errorCodes, isErrorCode, type ErrorCode, type FieldIssue } from '@copro/domain';
import { currentLanguage } from './i18n';

/** SPEC 9: data loading gives up after 10 s. Writes are never cut short: the server may still be at work. */
const readTimeoutMs = 10_000;

/**
 * Our error codes plus the two failures the server cannot answer: no connection at all
 * ('network'), and a read with no answer within the timeout ('timeout').
 */
export type ClientErrorCode = ErrorCode | 'network' | 'timeout';

const clientMessageKeys: Record<'network' | 'timeout', string> = {
  network: 'errors.network',
  timeout: 'errors.timeout',
};

export class ApiError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    readonly status: number,
    readonly issues: FieldIssue[] = [],
  ) {
    super(code);
    this.name = 'ApiError';
  }

  /** The i18n key of the message: translated at display time so the current UI language wins. */
  get messageKey(): string {
    return this.code === 'network' || this.code === 'timeout'
      ? clientMessageKeys[this.code]
      : errorCodes[this.code].key;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** The i18n key to show for any thrown value. */
export const errorKeyOf = (error: unknown): string =>
  error instanceof ApiError ? error.messageKey : 'errors.unknown';

const statusCodes: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'notFound',
  429: 'tooManyRequests',
  503: 'maintenance',
};

/** better-auth answers with its own codes, our API with ours; both end up as one of ours. */
function codeOf(body: unknown, status: number): ErrorCode {
  const code = body && typeof body === 'object' && 'code' in body ? body.code : undefined;
  if (isErrorCode(code)) return code;
  if (typeof code === 'string' && authLibraryCodes[code]) return authLibraryCodes[code];
  return statusCodes[status] ?? 'unknown';
}

function issuesOf(body: unknown): FieldIssue[] {
  const issues = body && typeof body === 'object' && 'issues' in body ? body.issues : undefined;
  return Array.isArray(issues) ? (issues as FieldIssue[]) : [];
}

type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();

/** Lets the app react to some failures wherever they happen (maintenance switched on, session ended). */
export function onApiError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Sent as `Idempotency-Key`: a write the user may retry (double click, retry after a timeout)
   * carries the same key each time, so the server does it once.
   */
  idempotencyKey?: string;
}

/** A call's answer is typed by the route's own response schema in `@copro/domain`, never by hand. */
export interface TypedRequestOptions<S extends z.ZodType> extends RequestOptions {
  response: S;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether the browser says it has no network at all (it cannot say the opposite for sure). */
const offline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Same-origin JSON call with the session cookie. Throws ApiError: the server's code, a code derived
 * from the status, 'network' when the request could not be sent (offline), or 'timeout' when a read
 * got no answer within 10 s. A write waits for its answer however long the server takes.
 */
export function api<S extends z.ZodType>(path: string, options: TypedRequestOptions<S>): Promise<z.output<S>>;
export async function api(path: string, options: TypedRequestOptions<z.ZodType>): Promise<unknown> {
  const method = options.method ?? 'GET';
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    method === 'GET'
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, readTimeoutMs)
      : undefined;
  const cancel = (): void => controller.abort();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // The server translates its own messages and mails from this when nobody is signed in.
        'accept-language': currentLanguage(),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      signal: controller.signal,
    });
  } catch (error) {
    // The caller gave up (TanStack Query cancels stale queries): not a failure to report.
    if (options.signal?.aborted && !timedOut) throw error;
    // fetch fails with a TypeError when nothing could be sent or received: the connection.
    if (timedOut && !offline()) throw new ApiError('timeout', 0);
    throw new ApiError('network', 0);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  const body = await readBody(response);
  if (!response.ok) {
    const error = new ApiError(codeOf(body, response.status), response.status, issuesOf(body));
    for (const listener of listeners) listener(error);
    throw error;
  }
  // Not parsed again here: the server's serializer already answered through the same schema.
  return body;
}
