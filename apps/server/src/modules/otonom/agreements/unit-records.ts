import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { findRecord, type RecordRow } from '../../registry';

/**
 * A unit keeps its uuid from year to year, and its agreement with it; its payment day, automatic
 * payment and owners are the registry's of each year. These find it (and the settings' bank).
 */

export interface RecordInYear {
  scope: YearScope;
  row: RecordRow;
  archivedYear: boolean;
}

/** The record in each of the building's years it exists in, newest year first. */
export async function recordInEveryYear(
  db: DbOrTx,
  buildingId: string,
  collection: 'units' | 'banks',
  uuid: string,
): Promise<RecordInYear[]> {
  const years = await db
    .select({ start: fiscalYear.startDate, archived: fiscalYear.archived })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId))
    .orderBy(desc(fiscalYear.startDate));
  const found: RecordInYear[] = [];
  for (const year of years) {
    const scope = { buildingId, fiscalYear: year.start };
    const row = await findRecord(db, scope, collection, uuid);
    if (row) found.push({ scope, row, archivedYear: year.archived });
  }
  return found;
}

/**
 * The unit as it stands on `today`: its record in the latest year started by then, else (a unit
 * added to a year not started yet) in the earliest year it has. Not a unit of the building: 404.
 */
export async function unitOn(
  db: DbOrTx,
  buildingId: string,
  unitUuid: string,
  today: string,
): Promise<RecordInYear> {
  const all = await recordInEveryYear(db, buildingId, 'units', unitUuid);
  const current = all.find((unit) => unit.scope.fiscalYear <= today) ?? all.at(-1);
  if (!current) throw new AppError('notFound');
  return current;
}

interface OwnerLink {
  personUuid: string;
  from?: string;
  to?: string;
}

/**
 * The unit's payors: its owners whose link no sale ended (a former owner's link has an end date,
 * as the registry's owners' emails count them).
 */
export const payorLinks = (data: Record<string, unknown>): OwnerLink[] =>
  ((data.owners as OwnerLink[] | undefined) ?? []).filter((link) => !link.to);
