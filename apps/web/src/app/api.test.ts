import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api';

// The real module reads the browser's language and document at load.
vi.mock('./i18n', () => ({ currentLanguage: () => 'en' }));

/** A fetch that answers only when told to, and fails like the browser's when its signal aborts. */
function pendingFetch() {
  let answer: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn(
    (_path: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        answer = resolve;
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { answer: (body: unknown) => answer(new Response(JSON.stringify(body), { status: 200 })) };
}

const failureOf = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      return error;
    },
  );

describe('api', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up on a read after 10 s and says the server is slow, not that the connection is lost', async () => {
    pendingFetch();
    const failure = failureOf(api('/api/slow', { response: z.unknown() }));
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;
    expect(error.code).toBe('timeout');
    expect(error.messageKey).toBe('errors.timeout');
  });

  it('waits for a write however long the server takes', async () => {
    const server = pendingFetch();
    const saved = api('/api/things', { method: 'POST', body: {}, response: z.object({ ok: z.boolean() }) });
    await vi.advanceTimersByTimeAsync(60_000);
    server.answer({ ok: true });
    await expect(saved).resolves.toEqual({ ok: true });
  });

  it('says "not connected" when the request cannot be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failureOf(api('/api/anything', { method: 'PATCH', body: {}, response: z.unknown() }));
    expect(error.code).toBe('network');
    expect(error.messageKey).toBe('errors.network');
  });

  it('says "not connected" when a read times out while the browser is offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    pendingFetch();
    const failure = failureOf(api('/api/slow', { response: z.unknown() }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await failure).code).toBe('network');
  });
});
