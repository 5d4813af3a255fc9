import type { Database, Unlisten } from '../db/client';

/**
 * The channel on which the database itself says which cached rows changed: triggers on sessions,
 * users, buildings, their users, groups' users, billing accounts and fiscal years (migration
 * 0011_request_cache) notify it in the writing transaction, so every instance hears a change at
 * commit, whoever made it: this instance, another one, a job or an operator's SQL.
 */
export const cacheChannel = 'copro_cache';

/** A changed row as the trigger names it: `b:<buildingId>`, `bu:<buildingId>:<userId>`… */
export interface RowChange {
  kind: string;
  keys: string[];
}

/** Hears each change; `null` when the channel was lost and anything may have changed. */
type Listener = (change: RowChange | null) => void;

/** A barrier that takes longer than this is given up: the request reads the database instead. */
const syncTimeoutMs = 2000;

/**
 * What keeps the request caches (channel-cache.ts) exact. A request first waits for `fresh()`:
 * every change committed before it arrived has then reached the caches, on any instance. Concurrent requests share one barrier (one `select 1` on the listening connection), so
 * its cost does not grow with the load. Without a channel (not started, or lost) nothing is cached.
 */
export class CacheChannel {
  private unlisten: Unlisten | null = null;
  private readonly listeners: Listener[] = [];
  private version = 0;
  /** The barrier under way, and the next one, which every request arriving until it is sent joins. */
  private running: Promise<boolean> | null = null;
  private pending: Promise<boolean> | null = null;

  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      cacheChannel,
      (payload) => {
        const [kind = '', ...keys] = payload.split(':');
        this.changed({ kind, keys });
      },
      () => this.changed(null),
    );
  }

  onChange(listener: Listener): void {
    this.listeners.push(listener);
  }

  /** Resolves true once every change committed before the call reached the caches; false: do not use them. */
  fresh(): Promise<boolean> {
    if (!this.unlisten) return Promise.resolve(false);
    this.pending ??= this.nextBarrier();
    return this.pending;
  }

  /** Moves with every change heard (and a lost channel): a value read while it moved may predate the change. */
  get generation(): number {
    return this.version;
  }

  get listening(): boolean {
    return this.unlisten !== null;
  }

  private changed(change: RowChange | null): void {
    this.version++;
    for (const listener of this.listeners) listener(change);
  }

  /**
   * Sent once the event loop has read what arrived with the first request waiting for it, and once
   * the barrier under way is answered (that one may have left before the waiting requests' changes
   * committed): every request read in between shares it.
   */
  private async nextBarrier(): Promise<boolean> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.running;
    this.pending = null;
    return this.barrier();
  }

  private barrier(): Promise<boolean> {
    const unlisten = this.unlisten;
    if (!unlisten) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), syncTimeoutMs);
    });
    const round: Promise<boolean> = Promise.race([unlisten.sync(), timeout]).finally(() => {
      clearTimeout(timer);
      if (this.running === round) this.running = null;
    });
    this.running = round;
    return round;
  }
}
