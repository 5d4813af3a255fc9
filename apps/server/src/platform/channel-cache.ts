import type { CacheChannel, RowChange } from './cache-channel';
import { LruCache } from './lru-cache';

/** A value read for the cache, kept until `until` (ms since the epoch) at the latest. */
export interface Loaded<V> {
  value: V;
  until?: number;
}

/**
 * A bounded cache kept exact by the cache channel: each change the channel hears goes to `drop`,
 * which removes the entries made from that row (a lost channel empties the cache). A value read
 * while a change was heard is not kept, since it may predate the change. Concurrent misses of a
 * key share one read, so an expired entry under load costs one read, not one per waiting request.
 */
export class ChannelCache<K, V> {
  private readonly values: LruCache<K, V>;
  private readonly loads = new Map<K, Promise<V | null>>();

  constructor(
    private readonly channel: CacheChannel,
    options: { max: number; ttlMs: number },
    drop: (change: RowChange, values: LruCache<K, V>) => void,
  ) {
    this.values = new LruCache(options.max, options.ttlMs);
    channel.onChange((change) => {
      // A request arriving after a change must not join a read that may predate it.
      this.loads.clear();
      if (change) drop(change, this.values);
      else this.values.clear();
    });
  }

  /**
   * The value for `key`; `fresh`: the request may read the cache (CacheChannel.fresh), else `load`
   * answers it. What `load` finds nothing for (null) is not kept.
   */
  async get(key: K, fresh: boolean, load: () => Promise<Loaded<V> | null>): Promise<V | null> {
    if (!fresh) return (await load())?.value ?? null;
    const hit = this.values.get(key);
    if (hit !== undefined) return hit;
    const shared = this.loads.get(key);
    if (shared) return shared;
    const generation = this.channel.generation;
    const loading = load().then((loaded) => {
      if (!loaded) return null;
      if (generation === this.channel.generation && this.channel.listening)
        this.values.set(key, loaded.value, loaded.until);
      return loaded.value;
    });
    this.loads.set(key, loading);
    const forget = (): void => {
      if (this.loads.get(key) === loading) this.loads.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }
}
