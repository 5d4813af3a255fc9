/**
 * A bounded map whose entries also expire: the least recently read entry goes first when it is
 * full. A Map keeps insertion order, so reading an entry moves it to the end.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for the cache's time, or until `until` (ms since the epoch) if that is sooner. */
  set(key: K, value: V, until = Number.POSITIVE_INFINITY, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Math.min(now + this.ttlMs, until) });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Drops every entry `test` holds for: invalidations name rows, not keys. */
  deleteWhere(test: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
