import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { building, fiscalYear, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { fiscalYearsOf } from '../../tenancy';

async function lockedYears(tx: DbOrTx, scope: YearScope) {
  const [b] = await tx.select().from(building).where(eq(building.id, scope.buildingId)).for('update');
  if (!b) throw new AppError('notFound');
  if (b.creatingFiscalYear) throw new AppError('creatingFiscalYear');
  const years = await fiscalYearsOf(tx, scope.buildingId);
  const index = years.findIndex((y) => y.startDate === scope.fiscalYear);
  const year = years[index];
  if (!year) throw new AppError('notFound');
  return { years, index, year };
}

const yearWhere = (scope: YearScope) =>
  and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear));

/**
 * SPEC 4: an archived year is read-only everywhere (the server refuses its writes). The current
 * year stays open: it is where the building's work goes on.
 */
export async function setYearArchived(tx: DbOrTx, scope: YearScope, source: LogSource, archived: boolean) {
  const { years, index, year } = await lockedYears(tx, scope);
  if (archived && index === years.length - 1) {
    throw new AppError('validation', [{ path: ['archived'], key: 'errors.latestYearStaysOpen' }]);
  }
  if (year.archived === archived) return;
  await tx.update(fiscalYear).set({ archived }).where(yearWhere(scope));
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'buildingEdited',
    source,
    message: `Fiscal year ${scope.fiscalYear} ${archived ? 'archived' : 'reopened'}`,
    changes: [{ field: `fiscalYears.${scope.fiscalYear}.archived`, before: year.archived, after: archived }],
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'building', ids: [scope.buildingId] });
}

/** A year ends on or after its start, and before the next year starts. */
export async function setYearEndDate(tx: DbOrTx, scope: YearScope, source: LogSource, endDate: string) {
  const { years, index, year } = await lockedYears(tx, scope);
  if (year.archived) throw new AppError('archivedFiscalYear');
  const next = years[index + 1];
  if (endDate < year.startDate)
    throw new AppError('validation', [{ path: ['endDate'], key: 'validation.dateTooEarly' }]);
  if (next && endDate >= next.startDate) {
    throw new AppError('validation', [{ path: ['endDate'], key: 'validation.dateTooLate' }]);
  }
  if (year.endDate === endDate) return;
  await tx.update(fiscalYear).set({ endDate }).where(yearWhere(scope));
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'buildingEdited',
    source,
    message: `Fiscal year ${scope.fiscalYear} ends on ${endDate}`,
    changes: [{ field: `fiscalYears.${scope.fiscalYear}.endDate`, before: year.endDate, after: endDate }],
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'building', ids: [scope.buildingId] });
}
