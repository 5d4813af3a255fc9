import { sql } from 'drizzle-orm';
import type { LiveCollection } from '@copro/domain';
import type { Database, DbOrTx } from '../db/client';

/**
 * What changed: open pages of that building refresh the named collection. Each stream relays it
 * only to a listener whose role reads the collection (`liveReach`), so a collection is named in
 * the domain's list, with who reads it, before anything publishes it.
 */
export interface LiveEvent {
  buildingId: string;
  collection: LiveCollection;
  ids: string[];
}

const channel = 'copro_events';
/** NOTIFY payloads are capped near 8000 bytes: past this many ids, say "everything in the collection". */
const maxIds = 100;

/**
 * Published with pg_notify inside the transaction that made the change: PostgreSQL delivers it
 * only on commit, to every server instance listening, and never for a rolled-back change.
 */
export async function publish(tx: DbOrTx, event: LiveEvent): Promise<void> {
  const payload: LiveEvent = { ...event, ids: event.ids.length > maxIds ? [] : event.ids };
  await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`);
}

type Listener = (event: LiveEvent) => void;

/** Fans the instance's single LISTEN connection out to the server-sent-event streams of each building. */
export class LiveEventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private unlisten: (() => Promise<void>) | null = null;

  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(channel, (payload) => {
      const event = JSON.parse(payload) as LiveEvent;
      for (const listener of this.listeners.get(event.buildingId) ?? []) listener(event);
    });
  }

  subscribe(buildingId: string, listener: Listener): () => void {
    const set = this.listeners.get(buildingId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(buildingId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(buildingId);
    };
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }
}
