import { eq } from 'drizzle-orm';
import { buildingToday } from '@copro/domain';
import type { DbOrTx } from '../db/client';
import { building } from '../db/schema/index';

/**
 * Where the server reads the time. Production reads the system clock; tests inject a fixed or
 * movable one so no test depends on the real date (DESIGN 3).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` until it is moved: for tests and for runs "as of" a date. */
export class FixedClock implements Clock {
  private at: Date;
  constructor(at: Date | string) {
    this.at = typeof at === 'string' ? new Date(at.length === 10 ? `${at}T12:00:00Z` : at) : at;
  }
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(at: Date | string): void {
    this.at = typeof at === 'string' ? new Date(at.length === 10 ? `${at}T12:00:00Z` : at) : at;
  }
}

/** The one "today" of a building: its date in its time zone, by the platform's clock. */
export async function todayOf(db: DbOrTx, clock: Clock, buildingId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: building.timeZone })
    .from(building)
    .where(eq(building.id, buildingId));
  return buildingToday({ timeZone: row?.timeZone ?? 'UTC' }, clock.now());
}
