import { asc, eq } from 'drizzle-orm';
import {
  resolveRecipients,
  type RecipientLink,
  type RecipientValue,
  type ResolvedRecipient,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear } from '../../../db/schema/index';
import { personName, recordsOfYear, type RecordRow } from '../../registry';

const links = (value: unknown): RecipientLink[] => (Array.isArray(value) ? (value as RecipientLink[]) : []);
const uuids = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : []);

/**
 * The fiscal year whose registry tells who lives where on `date`: the one it falls in, else the
 * nearest (a post dated before the first year reads the first, one after the last reads the last).
 */
async function yearOn(db: DbOrTx, buildingId: string, date: string): Promise<string | null> {
  const years = await db
    .select({ start: fiscalYear.startDate })
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId))
    .orderBy(asc(fiscalYear.startDate));
  const started = years.filter((y) => y.start <= date);
  return (started.at(-1) ?? years[0])?.start ?? null;
}

/** The people `values` name on `date`, from the building's registry (DOMAIN 11, `resolveRecipients`). */
export async function recipientsOn(
  db: DbOrTx,
  building: { id: string; locale: string },
  date: string,
  values: readonly RecipientValue[],
): Promise<ResolvedRecipient[]> {
  const year = await yearOn(db, building.id, date);
  if (!year) return [];
  const records = (await recordsOfYear(db, { buildingId: building.id, fiscalYear: year })).filter(
    (r) => !r.archived,
  );
  const of = (collection: RecordRow['collection']) => records.filter((r) => r.collection === collection);
  return resolveRecipients(values, {
    date,
    buildingLocale: building.locale,
    units: of('units').map((u) => ({
      uuid: u.uuid,
      number: u.number ?? '',
      ...(typeof u.data.floor === 'string' ? { floor: u.data.floor } : {}),
      owners: links(u.data.owners),
      residents: links(u.data.residents),
      proxies: links(u.data.proxies),
      parkings: uuids(u.data.parkings),
      lockers: uuids(u.data.lockers),
    })),
    parkings: of('parkings').map((p) => ({
      uuid: p.uuid,
      renter: (p.data.renter as { personUuid?: string; unitUuid?: string } | undefined) ?? {},
    })),
    people: of('people').map((p) => ({
      uuid: p.uuid,
      name: personName(p.data),
      emails: uuids(p.data.emails),
      ...(typeof p.data.locale === 'string' ? { locale: p.data.locale } : {}),
    })),
  });
}
