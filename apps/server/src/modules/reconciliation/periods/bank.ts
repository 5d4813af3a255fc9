import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { findRecord } from '../../registry';

/** A bank account whose periods are reconciled: its registry uuid, name and ledger account. */
export interface ReconciledBank {
  uuid: string;
  name: string;
  aid: number;
}

export interface BuildingYear {
  startDate: string;
  endDate: string;
}

/** The building's fiscal years, latest first. */
export async function buildingYears(db: DbOrTx, buildingId: string): Promise<BuildingYear[]> {
  return db
    .select({ startDate: fiscalYear.startDate, endDate: fiscalYear.endDate })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId))
    .orderBy(desc(fiscalYear.startDate));
}

/**
 * The bank `uuid` of the building, as its latest year names it: a bank keeps its uuid and ledger
 * account from year to year, and its periods run across them, so any year that holds it will do.
 * An unknown uuid, or a record of another collection, is not found.
 */
export async function bankOrNotFound(
  db: DbOrTx,
  buildingId: string,
  uuid: string,
  years?: readonly BuildingYear[],
): Promise<ReconciledBank> {
  for (const year of years ?? (await buildingYears(db, buildingId))) {
    const row = await findRecord(db, { buildingId, fiscalYear: year.startDate }, 'banks', uuid);
    if (row) {
      if (row.aid === null) break;
      return { uuid, name: String(row.data.name ?? ''), aid: row.aid };
    }
  }
  throw new AppError('notFound');
}
