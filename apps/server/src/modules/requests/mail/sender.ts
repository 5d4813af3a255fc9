import { and, desc, eq, lte } from 'drizzle-orm';
import { buildingRoles } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear, type building } from '../../../db/schema/index';
import { usersWithRoles } from '../../../platform/recipients';
import { ownerLinksOn, personName, recordsOfYear, type RecordRow } from '../../registry';

/** Who the building knows a sender as: a person of the current year (with their unit), or a user. */
export interface KnownSender {
  name: string | null;
  unitUuid: string | null;
}

interface UnitLink {
  personUuid: string;
  from?: string;
  to?: string;
}

const linkedOn = (links: readonly UnitLink[] | undefined, personUuid: string, date: string): boolean =>
  (links ?? []).some(
    (l) => l.personUuid === personUuid && (!l.to || l.to >= date) && (!l.from || l.from <= date),
  );

/** The fiscal year `today` falls in, else the latest one begun (a year not yet created). */
async function currentYearStart(db: DbOrTx, buildingId: string, today: string): Promise<string | null> {
  const [year] = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, buildingId), lte(fiscalYear.startDate, today)))
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  return year?.start ?? null;
}

/**
 * The sender as the building knows them: a person of its current year with this address (and the
 * unit they own, else live in, today), else one of its users (or its group's); null for a stranger.
 */
export async function knownSender(
  db: DbOrTx,
  b: typeof building.$inferSelect,
  address: string,
  today: string,
): Promise<KnownSender | null> {
  const email = address.trim().toLowerCase();
  const year = await currentYearStart(db, b.id, today);
  if (year) {
    const records = await recordsOfYear(db, { buildingId: b.id, fiscalYear: year });
    const person = records.find(
      (r) =>
        r.collection === 'people' &&
        ((r.data.emails as string[] | undefined) ?? []).some((e) => e.toLowerCase() === email),
    );
    if (person) return { name: personName(person.data), unitUuid: unitOf(records, person.uuid, today) };
  }
  const users = await usersWithRoles(db, b, buildingRoles);
  return users.some((u) => u.email === email) ? { name: null, unitUuid: null } : null;
}

function unitOf(records: readonly RecordRow[], personUuid: string, today: string): string | null {
  const units = records.filter((r) => r.collection === 'units');
  const owned = units.find((u) => ownerLinksOn(u.data, today).some((l) => l.personUuid === personUuid));
  const lived = units.find((u) => linkedOn(u.data.residents as UnitLink[] | undefined, personUuid, today));
  return (owned ?? lived)?.uuid ?? null;
}
