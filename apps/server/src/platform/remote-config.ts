import { eq } from 'drizzle-orm';
import { parseRemoteConfig, remoteConfigSchema, type RemoteConfig } from '@copro/domain';
import type { Db } from '../db/client';
import { remoteConfig } from '../db/schema/index';

const rowId = 'main';
/** Short cache: a change made on one instance (maintenance on) reaches every instance within seconds. */
const cacheMs = 2000;

export class RemoteConfigStore {
  private cached: { value: RemoteConfig; at: number } | null = null;

  constructor(private readonly db: Db) {}

  async get(): Promise<RemoteConfig> {
    if (this.cached && Date.now() - this.cached.at < cacheMs) return this.cached.value;
    const [row] = await this.db.select().from(remoteConfig).where(eq(remoteConfig.id, rowId));
    const value = parseRemoteConfig(row?.value);
    this.cached = { value, at: Date.now() };
    return value;
  }

  async set(value: unknown): Promise<RemoteConfig> {
    const parsed = remoteConfigSchema.parse(value);
    await this.db
      .insert(remoteConfig)
      .values({ id: rowId, value: parsed })
      .onConflictDoUpdate({ target: remoteConfig.id, set: { value: parsed, updatedAt: new Date() } });
    this.cached = null;
    return parsed;
  }
}
