import type { FastifyRequest } from 'fastify';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isoDateSchema } from '@copro/domain';
import type { DbOrTx } from '../db/client';
import { building, fiscalYear } from '../db/schema/index';
import { AppError } from './errors';
import { buildingOf } from './routes';

/** The building and fiscal year a building-scoped record lives in (DESIGN 3). */
export interface YearScope {
  buildingId: string;
  /** The year's start date, YYYY-MM-DD. */
  fiscalYear: string;
}

export const yearParams = z.object({
  buildingRef: z.string().min(1).max(40),
  fiscalYear: isoDateSchema,
});

/**
 * The year named in the route, which must be one of the building's: from the request cache (the
 * building's years, dropped at once when one changes, access-cache.ts).
 */
export async function yearOf(db: DbOrTx, req: FastifyRequest): Promise<YearScope & { archived: boolean }> {
  const access = buildingOf(req);
  const start = (req.params as { fiscalYear?: string }).fiscalYear;
  if (!start) throw new AppError('notFound');
  const year = await findYear(db, req, access.building.id, start);
  if (!year) throw new AppError('notFound');
  return { buildingId: access.building.id, fiscalYear: start, archived: year.archived };
}

async function findYear(db: DbOrTx, req: FastifyRequest, buildingId: string, start: string) {
  if (db instanceof PgTransaction) {
    // Inside a transaction, what it wrote itself counts: read there.
    const [year] = await db
      .select({ archived: fiscalYear.archived })
      .from(fiscalYear)
      .where(and(eq(fiscalYear.buildingId, buildingId), eq(fiscalYear.startDate, start)));
    return year;
  }
  const years = await req.server.accessCache.fiscalYears(buildingId, req.ctx.fresh);
  return years.find((y) => y.startDate === start);
}

/**
 * Inside a write's transaction: holds the year so it cannot be archived, and the building so a
 * new year cannot start copying, until the write commits. SPEC 4: archived years are read-only.
 */
export async function lockWritableYear(tx: DbOrTx, scope: YearScope): Promise<void> {
  const [b] = await tx
    .select({ creating: building.creatingFiscalYear })
    .from(building)
    .where(eq(building.id, scope.buildingId))
    .for('share');
  if (!b) throw new AppError('notFound');
  if (b.creating) throw new AppError('creatingFiscalYear');
  const [year] = await tx
    .select({ archived: fiscalYear.archived })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)))
    .for('share');
  if (!year) throw new AppError('notFound');
  if (year.archived) throw new AppError('archivedFiscalYear');
}

/**
 * The fiscal year `date` falls in (start ≤ date ≤ end), else null: where a posting dated that day
 * goes (a date before the first year or after the last has none; the caller refuses it).
 */
export async function yearContaining(
  db: DbOrTx,
  buildingId: string,
  date: string,
): Promise<YearScope | null> {
  const [year] = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(
      and(
        eq(fiscalYear.buildingId, buildingId),
        lte(fiscalYear.startDate, date),
        gte(fiscalYear.endDate, date),
      ),
    )
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  return year ? { buildingId, fiscalYear: year.start } : null;
}
