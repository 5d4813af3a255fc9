import { and, eq, sql } from 'drizzle-orm';
import { buildingToday, errorCodes, newFiscalYearProblem, openingLines } from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { building, fiscalYear, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import type { Platform } from '../../../platform/platform';
import { postTransaction } from '../ledger';
import { closingRules, openingText, unitPenaltyBalances, type OpeningDetails } from '../opening-balances';
import { defaultEndDate, fiscalYearsOf } from '../../tenancy';
import { centsFromSql } from '../../../db/money';

export const newFiscalYearJob = 'create-fiscal-year';

const dayBefore = (isoDate: string): string => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * SPEC 4 / DOMAIN 2: marks the building as creating a year (tabs blocked, writes refused) and
 * queues the job that creates it. `newYear` is at least the latest year's start and at most today.
 */
export async function queueNewFiscalYear(
  platform: Platform,
  buildingId: string,
  source: LogSource,
  newYear: string,
): Promise<{ fiscalYear: string }> {
  return platform.db.transaction(async (tx) => {
    const [b] = await tx.select().from(building).where(eq(building.id, buildingId)).for('update');
    if (!b) throw new AppError('notFound');
    if (b.creatingFiscalYear) throw new AppError('creatingFiscalYear');
    const years = await fiscalYearsOf(tx, buildingId);
    const latest = years[years.length - 1];
    const problem = latest
      ? newFiscalYearProblem(
          new Date(`${newYear}T00:00:00Z`),
          new Date(`${latest.startDate}T00:00:00Z`),
          new Date(`${buildingToday(b, platform.clock.now())}T00:00:00Z`),
        )
      : null;
    // A year is named by its start: the latest year's own start would name it twice.
    const sameStart = latest?.startDate === newYear;
    if (problem || sameStart) {
      throw new AppError('validation', [{ path: ['newYear'], key: problem ?? 'validation.dateTooEarly' }]);
    }
    await tx
      .update(building)
      .set({ creatingFiscalYear: true, fiscalYearError: null })
      .where(eq(building.id, buildingId));
    await platform.jobs.enqueue(tx, newFiscalYearJob, { buildingId, newYear, source }, { maxAttempts: 1 });
    await writeLog(tx, {
      buildingId,
      event: 'fiscalYearQueued',
      source,
      message: `Fiscal year ${newYear} queued`,
      metadata: { fiscalYear: newYear },
    });
    await publish(tx, { buildingId, collection: 'building', ids: [buildingId] });
    return { fiscalYear: newYear };
  });
}

/** Closing balance of every account of the year, non-cancelled postings only. */
async function closingBalances(tx: DbOrTx, buildingId: string, year: string) {
  return rowsOf<{ aid: number; balance: string }>(
    tx,
    sql`select s.aid, sum(s.amount) as balance from subtransactions s
      join transactions t on t.building_id = s.building_id and t.uuid = s.transaction_uuid
      where t.building_id = ${buildingId} and t.fiscal_year = ${year} and t.status <> 'cancelled'
      group by s.aid`,
  );
}

/**
 * The job: in one database transaction, the new year exists, the registry is copied into it with
 * the same uuids, and it opens with the old year's balances (revenues and expenses closed into
 * their fund's capital account). The previous year now ends the day before.
 */
export async function createFiscalYear(tx: DbOrTx, buildingId: string, newYear: string, source: LogSource) {
  const [b] = await tx.select().from(building).where(eq(building.id, buildingId)).for('update');
  if (!b) throw new AppError('notFound');
  const years = await fiscalYearsOf(tx, buildingId);
  const previous = years[years.length - 1];
  if (!previous) throw new AppError('notFound');
  await tx.insert(fiscalYear).values({ buildingId, startDate: newYear, endDate: defaultEndDate(newYear) });
  await tx
    .update(fiscalYear)
    .set({ endDate: dayBefore(newYear) })
    .where(and(eq(fiscalYear.buildingId, buildingId), eq(fiscalYear.startDate, previous.startDate)));
  await tx.execute(sql`insert into registry_records
      (building_id, fiscal_year, collection, uuid, aid, number, archived, owners_emails, data)
    select building_id, ${newYear}, collection, uuid, aid, number, archived, owners_emails, data
    from registry_records where building_id = ${buildingId} and fiscal_year = ${previous.startDate}`);
  // The year is open for writing from here on, starting with its opening balances.
  await tx.update(building).set({ creatingFiscalYear: false }).where(eq(building.id, buildingId));

  const closesInto = await closingRules(tx, { buildingId, fiscalYear: newYear });
  const balances = (await closingBalances(tx, buildingId, previous.startDate)).map((r) => ({
    aid: r.aid,
    balance: centsFromSql(r.balance),
  }));
  // A revenue or expense with a balance and no capital account at all to close into.
  if (balances.some((c) => c.balance !== 0 && closesInto.get(c.aid) === null)) {
    throw new AppError('validation', [{ path: ['newYear'], key: 'errors.noSurplusAccount' }]);
  }
  const lines = openingLines(balances.map((c) => ({ ...c, closesInto: closesInto.get(c.aid) ?? null })));
  if (lines.length > 0) {
    // Penalties stay penalties across the year end (DOMAIN 5): the units' unpaid penalties are named.
    const openingPenalties = await unitPenaltyBalances(tx, { buildingId, fiscalYear: previous.startDate });
    const details: OpeningDetails = { opening: true, from: previous.startDate, openingPenalties };
    const { description, meaning } = openingText(b.locale, previous.startDate);
    await postTransaction(
      tx,
      { buildingId, fiscalYear: newYear },
      source,
      {
        date: newYear,
        description,
        kind: 'accountantWriting',
        taxes: [],
        indexes: [],
        subtransactions: lines,
      },
      { details: { ...details }, meaning },
    );
  }
  await writeLog(tx, {
    buildingId,
    event: 'fiscalYearCreated',
    source,
    message: `Fiscal year ${newYear} created`,
    metadata: { fiscalYear: newYear, from: previous.startDate },
  });
  await publish(tx, { buildingId, collection: 'building', ids: [buildingId] });
}

/** Runs the queued creation; a failure unblocks the building and leaves the reason for the dialog. */
export function registerFiscalYearJob(platform: Platform): void {
  platform.jobs.register(newFiscalYearJob, async (payload) => {
    const buildingId = String(payload.buildingId);
    try {
      await platform.db.transaction((tx) =>
        createFiscalYear(tx, buildingId, String(payload.newYear), payload.source as LogSource),
      );
    } catch (error) {
      const key =
        error instanceof AppError
          ? (error.issues?.[0]?.key ?? errorCodes[error.code].key)
          : 'errors.fiscalYearFailed';
      await platform.db.transaction(async (tx) => {
        await tx
          .update(building)
          .set({ creatingFiscalYear: false, fiscalYearError: key })
          .where(eq(building.id, buildingId));
        await publish(tx, { buildingId, collection: 'building', ids: [buildingId] });
      });
      throw error;
    }
  });
}
