import { and, desc, eq, sql } from 'drizzle-orm';
import {
  ageReceivable,
  arrearsFlagged,
  arrearsMonths,
  reminderLevel,
  sumCents,
  zeroCents,
  type ArrearsRow,
  type Cents,
  type ReceivablesSummary,
  type UnitReminderView,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { building, fiscalYear, recordedCheck, unitReminder } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { unitPostings } from '../unit-postings';
import { findRecord, listRecords, type RecordRow } from '../../registry';

/** Where a unit stands on a date: its current account's balance and how long it has owed (DOMAIN 5). */
export interface UnitArrears {
  unit: RecordRow;
  aid: number;
  balance: Cents;
  months: number;
  since: string | null;
  level: number;
  flagged: boolean;
}

/** The date arrears are computed at in a year: today, or the year's last day once it is over. */
export async function arrearsDate(db: DbOrTx, scope: YearScope, today: string): Promise<string> {
  const [year] = await db
    .select({ end: fiscalYear.endDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!year) throw new AppError('notFound');
  return year.end < today ? year.end : today;
}

/** The alert threshold in months (building setting). */
export async function arrearsThreshold(db: DbOrTx, buildingId: string): Promise<number> {
  const [b] = await db
    .select({ months: building.numberOfMonthsUnitHasUnpaidBalanceBeforeAlert })
    .from(building)
    .where(eq(building.id, buildingId));
  if (!b) throw new AppError('notFound');
  return b.months;
}

/**
 * Every live unit's current account at `asOf`: the oldest charge still unpaid (payments settle
 * the oldest charges first) says since when it owes, in whole months.
 */
export async function unitsArrears(
  db: DbOrTx,
  scope: YearScope,
  asOf: string,
  thresholdMonths: number,
): Promise<UnitArrears[]> {
  const units = (await listRecords(db, scope, 'units')).filter((u) => !u.archived && u.aid !== null);
  const postings = await unitPostings(
    db,
    scope,
    units.map((u) => u.aid ?? 0),
  );
  return units
    .map((unit) => {
      const aid = unit.aid ?? 0;
      const aging = ageReceivable(postings.get(aid) ?? [], asOf);
      const months = aging.balance > 0 ? arrearsMonths(aging.oldestUnpaidDate, asOf) : 0;
      return {
        unit,
        aid,
        balance: aging.balance,
        months,
        since: aging.balance > 0 ? aging.oldestUnpaidDate : null,
        level: reminderLevel(months),
        flagged: aging.balance > 0 && arrearsFlagged(months, thresholdMonths),
      };
    })
    .sort((a, b) => (a.unit.number ?? '').localeCompare(b.unit.number ?? '', undefined, { numeric: true }));
}

type ReminderRow = typeof unitReminder.$inferSelect;

export const reminderView = (row: ReminderRow): UnitReminderView => ({
  unitUuid: row.unitUuid,
  month: row.month,
  level: row.level,
  amount: row.amount,
  emails: row.emails,
  sentAt: row.sentAt.toISOString(),
  automatic: row.sentBy.kind === 'system',
  sentByName: row.sentBy.kind === 'system' ? null : (row.sentBy.name ?? null),
});

/** The reminders sent to a unit, newest first. */
export async function unitReminders(
  db: DbOrTx,
  scope: YearScope,
  unitUuid: string,
): Promise<UnitReminderView[]> {
  if (!(await findRecord(db, scope, 'units', unitUuid))) throw new AppError('notFound');
  const rows = await db
    .select()
    .from(unitReminder)
    .where(and(eq(unitReminder.buildingId, scope.buildingId), eq(unitReminder.unitUuid, unitUuid)))
    .orderBy(desc(unitReminder.month));
  return rows.map(reminderView);
}

/** GET …/arrears: every unit owing money for a month or more, with its latest reminder. */
export async function listArrears(db: DbOrTx, scope: YearScope, today: string): Promise<ArrearsRow[]> {
  const asOf = await arrearsDate(db, scope, today);
  const threshold = await arrearsThreshold(db, scope.buildingId);
  const inArrears = (await unitsArrears(db, scope, asOf, threshold)).filter(
    (u) => u.balance > 0 && (u.months >= 1 || u.flagged),
  );
  const latest = new Map<string, ReminderRow>();
  for (const row of await db
    .select()
    .from(unitReminder)
    .where(eq(unitReminder.buildingId, scope.buildingId))
    .orderBy(desc(unitReminder.month))) {
    if (!latest.has(row.unitUuid)) latest.set(row.unitUuid, row);
  }
  return inArrears.map((u) => {
    const last = latest.get(u.unit.uuid);
    return {
      unitUuid: u.unit.uuid,
      unitNumber: u.unit.number ?? '',
      balance: u.balance,
      months: u.months,
      since: u.since,
      level: u.level,
      flagged: u.flagged,
      lastReminder: last ? reminderView(last) : null,
    };
  });
}

/**
 * The dashboard cards: what all unit accounts owe (the sum of the positive balances, former
 * owners' accounts included), the flagged units, and the checks recorded but not yet deposited.
 */
export async function receivablesSummary(
  db: DbOrTx,
  scope: YearScope,
  today: string,
): Promise<ReceivablesSummary> {
  const asOf = await arrearsDate(db, scope, today);
  const threshold = await arrearsThreshold(db, scope.buildingId);
  let totalReceivables = zeroCents;
  for (const postings of (await unitPostings(db, scope)).values()) {
    const balance = sumCents(postings.filter((p) => p.date <= asOf).map((p) => p.amount));
    if (balance > 0) totalReceivables = sumCents([totalReceivables, balance]);
  }
  const flagged = (await unitsArrears(db, scope, asOf, threshold)).filter((u) => u.flagged);
  const [checks] = await db
    .select({ count: sql<number>`count(*)`, total: sql<string | null>`sum(${recordedCheck.amount})` })
    .from(recordedCheck)
    .where(
      and(
        eq(recordedCheck.buildingId, scope.buildingId),
        eq(recordedCheck.fiscalYear, scope.fiscalYear),
        eq(recordedCheck.status, 'recorded'),
      ),
    );
  return {
    totalReceivables,
    unitsInArrears: flagged.map((u) => ({
      uuid: u.unit.uuid,
      number: u.unit.number ?? '',
      balance: u.balance,
      months: u.months,
    })),
    arrearsThresholdMonths: threshold,
    checksAwaitingDeposit: { count: Number(checks?.count ?? 0), total: centsFromSql(checks?.total) },
  };
}
