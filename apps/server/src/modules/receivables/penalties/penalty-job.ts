import { and, desc, eq, lte } from 'drizzle-orm';
import { monthOf } from '@copro/domain';
import type { Db, DbOrTx } from '../../../db/client';
import { building, fiscalYear, type LogSource } from '../../../db/schema/index';
import { registerBuildingJob, scheduleBuildingJob } from '../../../platform/building-jobs';
import { todayOf } from '../../../platform/clock';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import type { JobContext, JobResult } from '../../../platform/jobs';
import type { Platform } from '../../../platform/platform';
import type { SliceOptions } from '../../../platform/slices';
import { arrearsDate, arrearsThreshold, unitsArrears } from './arrears';
import { alertArrears, sendReminders, type MailContext } from './arrears-mail';
import { chargePenalties, runPenaltyCharges } from './penalty-run';

/** The daily late fees and interest of a building (DOMAIN 5). */
export const penaltyRunJob = 'charge-penalties';
/** The daily arrears alerts and the monthly reminders of a building. */
export const arrearsJob = 'arrears-alerts';
/** "Run the check now": one building's year, for a user who follows its progress. */
export const penaltyCheckJob = 'penalty-check';
/** When the daily runs fire (UTC); each building runs as of its own date. */
export const penaltySchedule = '0 7 * * *';
export const arrearsSchedule = '30 7 * * *';

const system: LogSource = { kind: 'system', id: 'queue' };

/**
 * The daily arrears part of the run, on the building's current year: flagged units alert the
 * alert roles once per episode, and the first run on or after a month's 1st reminds the owners
 * of every unit that was at least a month in arrears on that 1st and still owes today.
 */
export async function runArrears(
  tx: DbOrTx,
  ctx: MailContext,
  scope: YearScope,
  today: string,
  source: LogSource,
): Promise<{ alerts: number; reminders: number }> {
  const threshold = await arrearsThreshold(tx, scope.buildingId);
  const asOf = await arrearsDate(tx, scope, today);
  const now = await unitsArrears(tx, scope, asOf, threshold);
  const alerts = await alertArrears(tx, ctx, scope, now, source);
  const month = monthOf(asOf);
  const first = month < scope.fiscalYear ? scope.fiscalYear : month;
  const levelOnFirst = new Map(
    (await unitsArrears(tx, scope, first, threshold)).map((u) => [u.unit.uuid, u.level]),
  );
  const due = now
    .filter((u) => u.balance > 0 && (levelOnFirst.get(u.unit.uuid) ?? 0) >= 1)
    .map((u) => ({ ...u, level: levelOnFirst.get(u.unit.uuid) ?? u.level }));
  const reminders = await sendReminders(tx, ctx, scope, month, due, source);
  return { alerts, reminders };
}

/** A building's open years that have started by `today`, the current (latest) one first; none while a year is being created. */
async function startedYears(db: DbOrTx, buildingId: string, today: string): Promise<YearScope[]> {
  const years = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .innerJoin(building, eq(building.id, fiscalYear.buildingId))
    .where(
      and(
        eq(fiscalYear.buildingId, buildingId),
        eq(fiscalYear.archived, false),
        eq(building.creatingFiscalYear, false),
        lte(fiscalYear.startDate, today),
      ),
    )
    .orderBy(desc(fiscalYear.startDate));
  return years.map((y) => ({ buildingId, fiscalYear: y.start }));
}

/** Late fees and interest due by `asOf` in each of the building's open years, each year planned and posted in slices. */
export async function chargeBuildingPenalties(
  db: Db,
  buildingId: string,
  asOf: string,
  source: LogSource = system,
  options: SliceOptions = {},
): Promise<number> {
  let charged = 0;
  for (const scope of await startedYears(db, buildingId, asOf)) {
    const before = charged;
    charged += await chargePenalties(db, scope, asOf, source, {
      ...options,
      onProgress: (done, total) => options.onProgress?.(before + done, before + total),
    });
  }
  return charged;
}

/** The arrears alerts and reminders of the building's current year as of `asOf`. */
export async function runBuildingArrears(
  db: Db,
  ctx: MailContext,
  buildingId: string,
  asOf: string,
  source: LogSource = system,
): Promise<{ alerts: number; reminders: number }> {
  const [current] = await startedYears(db, buildingId, asOf);
  if (!current) return { alerts: 0, reminders: 0 };
  return db.transaction((tx) => runArrears(tx, ctx, current, asOf, source));
}

/**
 * Every building's late fees and interest, then its alerts and reminders, as of `today`; each
 * building on its own: one that fails stops no other, and the failures are thrown together once
 * every building has run. The daily runs are jobs of their own per building (registerPenaltyRun).
 */
export async function runPenaltiesForAllBuildings(
  db: Db,
  ctx: MailContext,
  today: string,
): Promise<{ charged: number; alerts: number; reminders: number }> {
  const buildings = await db.select({ id: building.id }).from(building).orderBy(building.id);
  const totals = { charged: 0, alerts: 0, reminders: 0 };
  const failures: unknown[] = [];
  for (const b of buildings) {
    try {
      totals.charged += await chargeBuildingPenalties(db, b.id, today);
      const done = await runBuildingArrears(db, ctx, b.id, today);
      totals.alerts += done.alerts;
      totals.reminders += done.reminders;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `the penalty run failed for ${failures.length} building(s)`);
  }
  return totals;
}

/**
 * "Run the check now" for one year of a building, as of the building's today: what it posts is
 * what the preview listed, so the result gives the count and the total, and the progress is
 * reported slice by slice.
 */
async function runPenaltyCheck(
  platform: Platform,
  payload: Record<string, unknown>,
  context: JobContext,
): Promise<JobResult> {
  const scope: YearScope = { buildingId: String(payload.buildingId), fiscalYear: String(payload.fiscalYear) };
  const source = payload.source as LogSource;
  const asOf = await todayOf(platform.db, platform.clock, scope.buildingId);
  // A year archived since the check was asked for is refused, as the route would have.
  await platform.db.transaction((tx) => lockWritableYear(tx, scope));
  const { charged, amount } = await runPenaltyCharges(platform.db, scope, asOf, source, {
    onProgress: context.progress,
  });
  return { asOf, charged, amount };
}

/** The jobs: each building's daily late fees and its daily arrears, and the check run from the page. */
export function registerPenaltyRun(platform: Platform): void {
  const mail: MailContext = { mailer: platform.mailer, publicUrl: platform.config.publicUrl };
  registerBuildingJob(platform, penaltyRunJob, async (buildingId, asOf, context) => ({
    charged: await chargeBuildingPenalties(platform.db, buildingId, asOf, system, {
      onProgress: context.progress,
    }),
  }));
  registerBuildingJob(platform, arrearsJob, (buildingId, asOf) =>
    runBuildingArrears(platform.db, mail, buildingId, asOf),
  );
  platform.jobs.register(penaltyCheckJob, (payload, context) => runPenaltyCheck(platform, payload, context));
}

/** The daily runs of every building: fired by the schedule, and once at start to catch up. */
export async function schedulePenaltyJob(platform: Platform): Promise<void> {
  await scheduleBuildingJob(platform, penaltyRunJob, penaltySchedule);
  await scheduleBuildingJob(platform, arrearsJob, arrearsSchedule);
}
