import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { building, fiscalYear, type LogSource } from '../../db/schema/index';
import type { YearScope } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { arrearsDate, arrearsThreshold, unitsArrears } from './arrears';
import { alertArrears, sendReminders, type MailContext } from './arrears-mail';
import { chargePenalties } from './penalty-run';

export const penaltyRunJob = 'charge-penalties';
const system: LogSource = { kind: 'system', id: 'queue' };

/** The month a date is in, as its 1st. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

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

/**
 * Every building's open years get their late fees and interest, each year in its own
 * transaction so one building's failure stops no other; then each building's current year (the
 * latest open one that has started) gets its arrears alerts and reminders.
 */
export async function runPenaltiesForAllBuildings(
  db: Db,
  ctx: MailContext,
  today: string,
): Promise<{ charged: number; alerts: number; reminders: number }> {
  const years = await db
    .select({ buildingId: fiscalYear.buildingId, start: fiscalYear.startDate })
    .from(fiscalYear)
    .innerJoin(building, eq(building.id, fiscalYear.buildingId))
    .where(
      and(
        eq(fiscalYear.archived, false),
        eq(building.creatingFiscalYear, false),
        lte(fiscalYear.startDate, today),
      ),
    )
    .orderBy(fiscalYear.buildingId, desc(fiscalYear.startDate));
  const totals = { charged: 0, alerts: 0, reminders: 0 };
  const current = new Set<string>();
  for (const y of years) {
    const scope = { buildingId: y.buildingId, fiscalYear: y.start };
    totals.charged += await db.transaction((tx) => chargePenalties(tx, scope, today, system));
    if (current.has(y.buildingId)) continue;
    current.add(y.buildingId);
    const done = await db.transaction((tx) => runArrears(tx, ctx, scope, today, system));
    totals.alerts += done.alerts;
    totals.reminders += done.reminders;
  }
  return totals;
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The daily run: charges and reminds what is due today, then queues tomorrow's run. */
export function registerPenaltyRun(platform: Platform): void {
  platform.jobs.register(penaltyRunJob, async () => {
    const now = new Date();
    await runPenaltiesForAllBuildings(
      platform.db,
      { mailer: platform.mailer, publicUrl: platform.config.publicUrl },
      isoDay(now),
    );
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 7));
    await schedulePenaltyJob(platform, tomorrow);
  });
}

/** One run per day, whatever the instances: the day is the job's singleton key. */
export async function schedulePenaltyJob(platform: Platform, at: Date = new Date()): Promise<void> {
  await platform.jobs.enqueue(
    platform.db,
    penaltyRunJob,
    {},
    { runAt: at, singletonKey: `${penaltyRunJob}:${isoDay(at)}` },
  );
}
