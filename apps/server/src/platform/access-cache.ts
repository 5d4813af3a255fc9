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
import { ChannelCache } from './channel-cache';

export type FiscalYearRow = typeof fiscalYear.$inferSelect;

interface AccessEntry {
  userId: string;
  access: Omit<BuildingAccess, 'billingStatus'>;
  /** Judged again on each request: a paid-until date passes without any row changing. */
  standing: BillingAccountStanding;
}

/** The channel drops an entry at once when one of its rows changes; the time bounds the unforeseen. */
const ttlMs = 30_000;

/**
 * Building access (the building, its billing standing, the user's role and ban there, their
 * group's role) per user and building, and each building's fiscal years, read once and then served
 * from memory. The database's triggers drop what a change touches, on every instance
 * (cache-channel.ts): a building's settings, a member's role or ban or removal, a group member, a
 * billing account, a fiscal year. A miss runs one prepared statement.
 */
export class AccessCache {
  private readonly accesses: ChannelCache<string, AccessEntry>;
  private readonly years: ChannelCache<string, readonly FiscalYearRow[]>;
  private readonly accessStatement;
  private readonly yearsStatement;

  constructor(db: Db, channel: CacheChannel) {
    this.accessStatement = accessQuery(db).prepare('copro_building_access');
    this.yearsStatement = db
      .select()
      .from(fiscalYear)
      .where(eq(fiscalYear.buildingId, sql.placeholder('buildingId')))
      .orderBy(asc(fiscalYear.startDate))
      .prepare('copro_fiscal_years');
    this.accesses = new ChannelCache(channel, { max: 10_000, ttlMs }, ({ kind, keys }, entries) => {
      const [first, second] = keys;
      const building = (e: AccessEntry) => e.access.building;
      if (kind === 'b') entries.deleteWhere((e) => building(e).id === first);
      else if (kind === 'ba') entries.deleteWhere((e) => building(e).billingAccountId === first);
      else if (kind === 'bu') entries.deleteWhere((e) => building(e).id === first && e.userId === second);
      else if (kind === 'gu')
        entries.deleteWhere((e) => building(e).buildingGroupId === first && e.userId === second);
    });
    this.years = new ChannelCache(channel, { max: 2_000, ttlMs }, ({ kind, keys }, years) => {
      // A building deleted takes its years along.
      if (kind === 'fy' || kind === 'b') years.deleteWhere((_, buildingId) => buildingId === keys[0]);
    });
  }

  /** The user's access to the building `ref`, or null if there is no such building. */
  async buildingAccess(userId: string, ref: string, fresh: boolean): Promise<BuildingAccess | null> {
    const entry = await this.accesses.get(`${userId}\u0000${ref}`, fresh, async () => {
      const [row] = await this.accessStatement.execute({ userId, ref });
      return row ? { value: { userId, access: accessOf(row), standing: standingOf(row) } } : null;
    });
    if (!entry) return null;
    return { ...entry.access, billingStatus: billingStatusOf(entry.standing, new Date()) };
  }

  /** The building's fiscal years, oldest first. Shared: never changed by the caller. */
  async fiscalYears(buildingId: string, fresh: boolean): Promise<readonly FiscalYearRow[]> {
    const years = await this.years.get(buildingId, fresh, async () => ({
      value: await this.yearsStatement.execute({ buildingId }),
    }));
    return years ?? [];
  }
}
