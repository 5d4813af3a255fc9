import { eq } from 'drizzle-orm';
import { buildingToday, localeOf, translate } from '@copro/domain';
import { building, type LogSource } from '../db/schema/index';
import { writeLog } from './audit';
import { todayOf } from './clock';
import { errorText, type JobContext, type JobResult } from './jobs';
import { escapeHtml } from './mail';
import type { Platform } from './platform';
import { usersWithRoles } from './recipients';

/** One building's run of a daily job as of a date; answers what it did (counts). */
export type BuildingJobRun = (buildingId: string, asOf: string, context: JobContext) => Promise<JobResult>;

/** The key that makes a building's run of a job as of a date happen once, whatever fires it. */
export const buildingJobKey = (name: string, buildingId: string, asOf: string): string =>
  `${name}:${buildingId}:${asOf}`;

const system: LogSource = { kind: 'system', id: 'queue' };

/**
 * Queues one run of `name` per building, as of each building's today (its time zone, by the
 * platform's clock). The singleton key makes it once per building and day, however many
 * instances fire and however often; `variant` gives a run of its own (an extra run on a given
 * occasion). Answers how many runs were queued.
 */
export async function enqueueForEveryBuilding(
  platform: Platform,
  name: string,
  variant = '',
): Promise<number> {
  const buildings = await platform.db
    .select({ id: building.id, timeZone: building.timeZone })
    .from(building)
    .orderBy(building.id);
  const now = platform.clock.now();
  let queued = 0;
  for (const b of buildings) {
    const asOf = buildingToday(b, now);
    const id = await platform.jobs.enqueue(
      platform.db,
      name,
      { buildingId: b.id, asOf },
      { singletonKey: `${buildingJobKey(name, b.id, asOf)}${variant}`, buildingId: b.id },
    );
    if (id !== null) queued += 1;
  }
  return queued;
}

/**
 * Registers a daily job that runs for one building as of a date (payload `{buildingId, asOf}`;
 * without `asOf`, the building's today). Each building's run is a job of its own, so a building
 * that fails stops no other: the queue retries it with its backoff, and the last failure is mailed
 * to the building's admins. A payload with no building (a run queued for all of them) queues one
 * run per building.
 */
export function registerBuildingJob(platform: Platform, name: string, run: BuildingJobRun): void {
  platform.jobs.register(name, async (payload, context) => {
    const buildingId = typeof payload.buildingId === 'string' ? payload.buildingId : null;
    if (!buildingId) return { queued: await enqueueForEveryBuilding(platform, name, `:job-${context.id}`) };
    const asOf =
      typeof payload.asOf === 'string'
        ? payload.asOf
        : await todayOf(platform.db, platform.clock, buildingId);
    try {
      return await run(buildingId, asOf, context);
    } catch (error) {
      if (context.lastAttempt) {
        await alertJobFailure(platform, { name, buildingId, asOf, attempts: context.attempt, error }).catch(
          (alertError: unknown) => platform.jobs.reportError(alertError, `${name} failure alert`),
        );
      }
      throw error;
    }
  });
}

/**
 * Fires `name` for every building on `pattern` (cron, UTC) and once now, so a server that was down
 * at the scheduled time catches up at start. Every instance schedules it: the keys make each
 * building's run of the day happen once.
 */
export async function scheduleBuildingJob(platform: Platform, name: string, pattern: string): Promise<void> {
  platform.jobs.schedule(pattern, name, () => enqueueForEveryBuilding(platform, name));
  await enqueueForEveryBuilding(platform, name);
}

/**
 * A building's run failed for good: its admins hear of it by mail (through the outbox, in their
 * language; none when the building sends no emails) and the building's log records it.
 */
export async function alertJobFailure(
  platform: Platform,
  failure: { name: string; buildingId: string; asOf: string; attempts: number; error: unknown },
): Promise<void> {
  const [b] = await platform.db.select().from(building).where(eq(building.id, failure.buildingId));
  if (!b) return;
  const recipients = b.sendNoEmails ? [] : await usersWithRoles(platform.db, b, ['admin']);
  const message = errorText(failure.error);
  const link = `${platform.config.publicUrl}/building/${b.ref}`;
  await platform.db.transaction(async (tx) => {
    for (const r of recipients) {
      // The error itself stays in the server's log and the building's: it speaks to developers.
      const params = {
        job: translate(r.language, `jobs.names.${failure.name}`),
        building: b.name,
        date: new Intl.DateTimeFormat(localeOf(r.language), { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(`${failure.asOf}T00:00:00Z`),
        ),
        attempts: failure.attempts,
        link,
      };
      const text = translate(r.language, 'jobs.failed.body', params);
      await platform.mailer.queue(tx, {
        to: r.email,
        subject: translate(r.language, 'jobs.failed.subject', params),
        text,
        html: text
          .split(/\n{2,}/)
          .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
          .join(''),
      });
    }
    await writeLog(tx, {
      buildingId: b.id,
      event: 'peopleNotified',
      source: system,
      message: `Job ${failure.name} failed for ${failure.asOf} after ${failure.attempts} attempts: ${message}`,
      metadata: {
        reason: 'jobFailed',
        job: failure.name,
        asOf: failure.asOf,
        attempts: failure.attempts,
        error: message.slice(0, 2000),
        emails: recipients.map((r) => r.email),
      },
    });
  });
}
