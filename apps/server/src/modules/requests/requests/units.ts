import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear } from '../../../db/schema/index';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { findRecords, recordsOfYear } from '../../registry';
import type { RequestsContext } from './context';

/**
 * A request names a unit by its uuid, which the registry keeps the same in every fiscal year; its
 * number and its people are read in the building's current year (the latest started by today).
 */
async function currentYear(db: DbOrTx, buildingId: string, today: string): Promise<YearScope | null> {
  const [started] = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, buildingId), lte(fiscalYear.startDate, today)))
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  if (started) return { buildingId, fiscalYear: started.start };
  const [first] = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId))
    .orderBy(fiscalYear.startDate)
    .limit(1);
  return first ? { buildingId, fiscalYear: first.start } : null;
}

/** The numbers of these units, by uuid. */
export async function unitNumbers(
  db: DbOrTx,
  buildingId: string,
  today: string,
  uuids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(uuids.filter((u): u is string => u !== null))];
  const scope = wanted.length > 0 ? await currentYear(db, buildingId, today) : null;
  if (!scope) return new Map();
  const rows = await findRecords(db, scope, 'units', wanted);
  return new Map(rows.map((r) => [r.uuid, r.number ?? '']));
}

interface Link {
  personUuid: string;
  to?: string;
}

/**
 * The units a request's form offers: every unit to handlers; to owners and residents, the units
 * whose owners or residents are a person with their email (a former owner's link no longer counts).
 */
export async function unitsOffered(
  db: DbOrTx,
  ctx: RequestsContext,
): Promise<{ uuid: string; number: string }[]> {
  const scope = await currentYear(db, ctx.buildingId, ctx.today);
  if (!scope) return [];
  const rows = (await recordsOfYear(db, scope)).filter((r) => !r.archived);
  const units = rows.filter((r) => r.collection === 'units');
  let offered = units;
  if (!ctx.readsAll) {
    const email = ctx.user.email.toLowerCase();
    const mine = new Set(
      rows
        .filter((r) => r.collection === 'people')
        .filter((r) => ((r.data.emails as string[] | undefined) ?? []).some((e) => e.toLowerCase() === email))
        .map((r) => r.uuid),
    );
    const linked = (unit: (typeof units)[number]) =>
      (['owners', 'residents'] as const).some((role) =>
        ((unit.data[role] as Link[] | undefined) ?? []).some(
          (link) => mine.has(link.personUuid) && (!link.to || link.to >= ctx.today),
        ),
      );
    offered = units.filter(linked);
  }
  return offered
    .map((r) => ({ uuid: r.uuid, number: r.number ?? '' }))
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}
