import type { Db } from '../../../db/client';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import type { Clock } from '../../../platform/clock';
import type { Mailer } from '../../../platform/mail';
import type { Platform } from '../../../platform/platform';
import { buildingRow, systemContext } from '../context';
import { runDebits, type DebitRunAnswer } from './debit-run';

// The demo and bench scripts import these from here.
export { systemName, systemSource } from '../context';

/** The daily monthly-debit run of a building (DOMAIN 8). */
export const otonomDebitsJob = 'otonom-debits';
/** When the daily run fires (UTC): each building runs as of its own date, before the automatic sending. */
// After the monthly billing (06:00): a monthly-fee debit takes the month's bill.
export const otonomDebitsSchedule = '30 6 * * *';

/**
 * One building's run as of `asOf`, as the system, in a database transaction of its own: the job,
 * `npm run job -- otonom-debits`, and nothing else (a user's run goes through the route).
 */
export async function runBuildingDebits(
  db: Db,
  services: { mailer: Mailer; clock: Clock },
  buildingId: string,
  asOf: string,
): Promise<DebitRunAnswer> {
  return db.transaction(async (tx) => {
    const ctx = systemContext(await buildingRow(tx, buildingId), {
      mailer: services.mailer,
      now: services.clock.now(),
    });
    return runDebits(tx, ctx, buildingId, asOf);
  });
}

/** Each building's daily run is a job of its own: one that fails is retried and stops no other. */
export function registerOtonomDebits(platform: Platform): void {
  registerBuildingJob(platform, otonomDebitsJob, async (buildingId, asOf) => {
    const { created, total } = await runBuildingDebits(platform.db, platform, buildingId, asOf);
    return { created, total };
  });
}

/** The daily runs of every building: fired by the schedule, and once at start to catch up. */
export const scheduleOtonomDebits = (platform: Platform): Promise<void> =>
  scheduleBuildingJob(platform, otonomDebitsJob, otonomDebitsSchedule);
