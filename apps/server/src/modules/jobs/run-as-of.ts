import { eq } from 'drizzle-orm';
import { buildingToday } from '@copro/domain';
import type { Db } from '../../db/client';
import { building } from '../../db/schema/index';
import type { Clock } from '../../platform/clock';
import { billBuilding, monthlyFeesJob } from '../receivables';
import type { MailContext } from '../receivables';
import { arrearsJob, chargeBuildingPenalties, penaltyRunJob, runBuildingArrears } from '../receivables';
import { recurringBillsJob, runRecurringBills } from '../payables';
import { automaticMailsJob, runBuildingAutomaticMails } from '../communications';
import { otonomDebitsJob, runBuildingDebits } from '../otonom';

/** The daily jobs that can be run for one building as of a date (`npm run job`). */
export const jobsRunnableAsOf = [
  monthlyFeesJob,
  penaltyRunJob,
  arrearsJob,
  recurringBillsJob,
  automaticMailsJob,
  otonomDebitsJob,
] as const;
export type JobRunnableAsOf = (typeof jobsRunnableAsOf)[number];

export const isJobRunnableAsOf = (name: string): name is JobRunnableAsOf =>
  (jobsRunnableAsOf as readonly string[]).includes(name);

/** A run that cannot start (unknown building, bad date): its message is for the operator. */
export class JobRunError extends Error {}

export interface JobRunContext {
  db: Db;
  mail: MailContext;
  clock: Clock;
}

/**
 * Runs one daily job for one building as of `asOf`, as the scheduled run of that day would: the
 * same functions, so a run already done does nothing more. A date after the building's today is
 * refused: it would charge what is not due yet. Answers what it did (counts).
 */
export async function runJobAsOf(
  ctx: JobRunContext,
  name: JobRunnableAsOf,
  buildingRef: string,
  asOf: string,
): Promise<Record<string, number>> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))) {
    throw new JobRunError(`--as-of must be a date as YYYY-MM-DD, not "${asOf}"`);
  }
  const [b] = await ctx.db.select().from(building).where(eq(building.ref, buildingRef));
  if (!b) throw new JobRunError(`No building "${buildingRef}"`);
  const today = buildingToday(b, ctx.clock.now());
  if (asOf > today) throw new JobRunError(`${asOf} is after the building's today (${today})`);
  switch (name) {
    case monthlyFeesJob:
      return { billed: await billBuilding(ctx.db, b.id, asOf) };
    case penaltyRunJob:
      return { charged: await chargeBuildingPenalties(ctx.db, b.id, asOf) };
    case arrearsJob:
      return runBuildingArrears(ctx.db, ctx.mail, b.id, asOf);
    case recurringBillsJob: {
      const { posted, skipped } = await runRecurringBills(ctx.db, b.id, asOf);
      return { posted, skipped: skipped.length };
    }
    case automaticMailsJob:
      return runBuildingAutomaticMails(ctx.db, ctx.mail, b.id, asOf);
    case otonomDebitsJob: {
      const { created, total } = await runBuildingDebits(
        ctx.db,
        { mailer: ctx.mail.mailer, clock: ctx.clock },
        b.id,
        asOf,
      );
      return { created, total };
    }
  }
}
