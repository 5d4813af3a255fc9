import { and, eq } from 'drizzle-orm';
import { chainedStartingBalance } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { reconciliationPeriod } from '../../../db/schema/index';
import type { ReconciledBank } from './bank';
import { clearedSums, noSums } from './period-sql';
import type { PeriodRow } from './period-rows';

/**
 * Keeps the chain after a write (DOMAIN 9): each period after the first starts at the previous
 * closing balance (while that is not typed, at what the previous statement should close at:
 * `chainedStartingBalance`). Only periods whose previous closing balance is missing need their
 * ticks summed. A reconciled period is never changed here: the periods before it are reconciled
 * too and refuse every edit, so its starting balance cannot have moved.
 */
export async function rechain(
  tx: DbOrTx,
  buildingId: string,
  bank: Pick<ReconciledBank, 'uuid' | 'aid'>,
  periods: readonly PeriodRow[],
): Promise<void> {
  const open = periods.slice(0, -1).filter((p) => p.closingBalance === null);
  const sums = await clearedSums(
    tx,
    buildingId,
    bank,
    open.map((p) => p.uuid),
  );
  let previous = periods[0];
  for (const period of periods.slice(1)) {
    if (!previous) break;
    const s = sums.get(previous.uuid) ?? noSums;
    const startingBalance = chainedStartingBalance({
      ...previous,
      clearedCredits: s.credits,
      clearedDebits: s.debits,
    });
    let current = period;
    if (!period.isReconciled && period.startingBalance !== startingBalance) {
      await tx
        .update(reconciliationPeriod)
        .set({ startingBalance })
        .where(
          and(eq(reconciliationPeriod.buildingId, buildingId), eq(reconciliationPeriod.uuid, period.uuid)),
        );
      current = { ...period, startingBalance };
    }
    previous = current;
  }
}
