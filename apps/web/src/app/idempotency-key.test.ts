import { describe, expect, it } from 'vitest';
import { keyForValues, newIdempotencyKey } from './idempotency-key';

describe('idempotency keys of a form', () => {
  it('keeps the key while the same values are sent again, and changes it with the values', () => {
    let n = 0;
    const make = () => `key-${++n}`;
    const first = keyForValues(null, { amount: 100, unit: 'a' }, make);
    const retry = keyForValues(first, { amount: 100, unit: 'a' }, make);
    expect(retry.key).toBe('key-1');
    const changed = keyForValues(retry, { amount: 200, unit: 'a' }, make);
    expect(changed.key).toBe('key-2');
    // After a save the form forgets its key: the same values again are a new write.
    expect(keyForValues(null, { amount: 200, unit: 'a' }, make).key).toBe('key-3');
  });

  it('makes keys the server takes, all different', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
  });
});
