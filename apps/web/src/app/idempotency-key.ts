import { useMemo, useRef } from 'react';

/**
 * A random key for `Idempotency-Key`. `crypto.randomUUID` exists only in secure contexts (https,
 * localhost); the embedded server reached by its address on a local network is plain http, where
 * `getRandomValues` still works.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of the last values sent, until they are saved. */
export interface PendingKey {
  values: string;
  key: string;
}

/**
 * The key to send with `values`: the same values as the attempt before (a double click, a retry
 * after a failure) keep its key, so the server writes once; other values get a new key.
 */
export function keyForValues(
  pending: PendingKey | null,
  values: unknown,
  make: () => string = newIdempotencyKey,
): PendingKey {
  const text = JSON.stringify(values) ?? '';
  return pending?.values === text ? pending : { values: text, key: make() };
}

/**
 * One form's retry keys: `keyFor(values)` for each attempt, `saved()` once a write succeeded so
 * the next entry, even with the same values (two equal cash payments), is a new write.
 */
export function useIdempotencyKeys(): { keyFor: (values: unknown) => string; saved: () => void } {
  const pending = useRef<PendingKey | null>(null);
  return useMemo(
    () => ({
      keyFor: (values: unknown) => {
        pending.current = keyForValues(pending.current, values);
        return pending.current.key;
      },
      saved: () => {
        pending.current = null;
      },
    }),
    [],
  );
}
