import { and, eq } from 'drizzle-orm';
import { cents, type Cents } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { feeBilling } from '../../../db/schema/index';
import { linesOf, transactionStatuses } from '../../ledger';

/**
 * What each unit account was billed as its monthly fee for `month` (its 1st): the standing
 * `unitMonthlyFee` transactions of that month — the unit's own and its parkings' and lockers' —
 * summed per account (`aid`). A pre-authorized debit of "the month's fee" takes exactly this, so
 * the debit pays the bill to the cent whatever the budget's rounding gave that month.
 */
export async function monthlyFeesBilled(
  db: DbOrTx,
  buildingId: string,
  month: string,
): Promise<Map<number, Cents>> {
  const rows = await db
    .select({ uuid: feeBilling.transactionUuid })
    .from(feeBilling)
    .where(
      and(
        eq(feeBilling.buildingId, buildingId),
        eq(feeBilling.month, month),
        eq(feeBilling.kind, 'unitMonthlyFee'),
      ),
    );
  const uuids = rows.map((r) => r.uuid);
  const statuses = await transactionStatuses(db, buildingId, uuids);
  const standing = uuids.filter((uuid) => statuses.get(uuid) !== 'cancelled');
  const billed = new Map<number, number>();
  // The fee debits the unit's account (a positive line) and credits the contributions' categories.
  for (const line of await linesOf(db, buildingId, standing))
    if (line.amount > 0) billed.set(line.aid, (billed.get(line.aid) ?? 0) + line.amount);
  return new Map([...billed].map(([aid, amount]) => [aid, cents(amount)]));
}
