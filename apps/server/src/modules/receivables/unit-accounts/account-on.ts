import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { unitSale } from '../../../db/schema/index';

/**
 * DOMAIN 6: what is dated before a sale belongs to the former owner. The unit's account on a
 * date is the one the first sale after that date closed, or its current account when no sale
 * came after it.
 */
export async function unitAccountOn(
  db: DbOrTx,
  buildingId: string,
  unit: { uuid: string; aid: number },
  date: string,
): Promise<number> {
  const [next] = await db
    .select({ oldAid: unitSale.oldAid })
    .from(unitSale)
    .where(
      and(eq(unitSale.buildingId, buildingId), eq(unitSale.unitUuid, unit.uuid), gt(unitSale.date, date)),
    )
    .orderBy(asc(unitSale.date))
    .limit(1);
  return next?.oldAid ?? unit.aid;
}
