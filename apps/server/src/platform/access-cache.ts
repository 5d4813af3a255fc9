import { asc, eq, sql } from 'drizzle-orm';
import { billingStatusOf } from '@copro/domain';
import type { Db } from '../db/client';
import { fiscalYear } from '../db/schema/index';
import {
  accessOf,
  accessQuery,
  standingOf,
  type BillingAccountStanding,
  type BuildingAccess,
} from './access';
import type { CacheChannel } from './cache-channel';
import { LruCache } from './lru-cache';

export type FiscalYearRow = typeof fiscalYear.$inferSelect;

interface AccessEntry {
  userId: string;
  access: Omit<BuildingAccess, 'billingStatus'>;
  /** Judged again on each request: a paid-until date passes without any row changing. */
  standing: BillingAccountStanding;
}

const maxAccesses = 10_000;
const maxBuildings = 2_000;
/** The channel drops an entry at once when one of its rows changes; the time bounds the unforeseen. */
const ttlMs = 30_000;

/**
 * Building access (the building, its billing standing, the user's role and ban there, their
 * group's role) per user and building, and each building's fiscal years, read once and then served
 * from memory. The database's triggers drop what a change touches, on every instance
 * (cache-channel.ts): a building's settings, a member's role or ban or removal, a group member, a
 * billing account, a fiscal year. Misses run one prepared statement each.
 */
export class AccessCache {
  private readonly accesses = new LruCache<string, AccessEntry>(maxAccesses, ttlMs);
  private readonly years = new LruCache<string, readonly FiscalYearRow[]>(maxBuildings, ttlMs);
  private readonly accessStatement;
  private readonly yearsStatement;

  constructor(
    db: Db,
    private readonly channel: CacheChannel,
  ) {
    this.accessStatement = accessQuery(db).prepare('copro_building_access');
    this.yearsStatement = db
      .select()
      .from(fiscalYear)
      .where(eq(fiscalYear.buildingId, sql.placeholder('buildingId')))
      .orderBy(asc(fiscalYear.startDate))
      .prepare('copro_fiscal_years');
    channel.onChange((change) => {
      if (!change) {
        this.accesses.clear();
        this.years.clear();
        return;
      }
      const [first, second] = change.keys;
      const drop = (test: (e: AccessEntry) => boolean) => this.accesses.deleteWhere(test);
      switch (change.kind) {
        case 'b':
          drop((e) => e.access.building.id === first);
          this.years.deleteWhere((_, buildingId) => buildingId === first);
          break;
        case 'ba':
          drop((e) => e.access.building.billingAccountId === first);
          break;
        case 'bu':
          drop((e) => e.access.building.id === first && e.userId === second);
          break;
        case 'gu':
          drop((e) => e.access.building.buildingGroupId === first && e.userId === second);
          break;
        case 'fy':
          this.years.deleteWhere((_, buildingId) => buildingId === first);
          break;
      }
    });
  }

  /** The user's access to the building `ref`, or null if there is no such building. */
  async buildingAccess(userId: string, ref: string, fresh: boolean): Promise<BuildingAccess | null> {
    const key = `${userId}\u0000${ref}`;
    const hit = fresh ? this.accesses.get(key) : undefined;
    const entry =
      hit ??
      (await this.load(fresh, async () => {
        const [row] = await this.accessStatement.execute({ userId, ref });
        return row ? { userId, access: accessOf(row), standing: standingOf(row) } : null;
      }, (loaded) => this.accesses.set(key, loaded)));
    if (!entry) return null;
    return { ...entry.access, billingStatus: billingStatusOf(entry.standing, new Date()) };
  }

  /** The building's fiscal years, oldest first. */
  async fiscalYears(buildingId: string, fresh: boolean): Promise<readonly FiscalYearRow[]> {
    const hit = fresh ? this.years.get(buildingId) : undefined;
    if (hit) return hit;
    const rows = await this.load(
      fresh,
      () => this.yearsStatement.execute({ buildingId }),
      (loaded) => this.years.set(buildingId, loaded),
    );
    return rows ?? [];
  }

  /** Reads, and keeps what was found when the caches may be used (a building that is not there is not kept). */
  private async load<V>(fresh: boolean, read: () => Promise<V | null>, keep: (value: V) => void) {
    if (!fresh) return read();
    return this.channel.remember(read, (value) => {
      if (value !== null) keep(value);
    });
  }
}
