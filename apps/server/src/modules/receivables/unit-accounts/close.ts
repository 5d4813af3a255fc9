import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { unitSale, type LogSource } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { accountBalance } from '../../ledger';
import { findRecord } from '../../registry';
import { logClosed } from './sale';

/**
 * DOMAIN 6: a former owner's account left with a balance is closed once settled, and only then:
 * its balance in the year must be exactly zero. `formatBalance` writes the balance in the
 * reader's words for the refusal.
 */
export async function closeAccount(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  unitUuid: string,
  aid: number,
  formatBalance: (cents: number) => string,
): Promise<void> {
  await lockWritableYear(tx, scope);
  const unit = await findRecord(tx, scope, 'units', unitUuid);
  if (!unit) throw new AppError('notFound');
  const [sale] = await tx
    .select()
    .from(unitSale)
    .where(
      and(
        eq(unitSale.buildingId, scope.buildingId),
        eq(unitSale.fiscalYear, scope.fiscalYear),
        eq(unitSale.unitUuid, unitUuid),
        eq(unitSale.oldAid, aid),
      ),
    )
    .for('update');
  if (!sale) {
    if (unit.aid === aid)
      throw new AppError('validation', [{ path: ['aid'], key: 'sales.errors.notFormerAccount' }]);
    throw new AppError('notFound');
  }
  if (sale.closedAt) throw new AppError('validation', [{ path: ['aid'], key: 'sales.errors.alreadyClosed' }]);
  const balance = await accountBalance(tx, scope, aid);
  if (balance !== 0) {
    throw new AppError('validation', [
      { path: ['aid'], key: 'sales.errors.balanceNotZero', params: { balance: formatBalance(balance) } },
    ]);
  }
  await tx
    .update(unitSale)
    .set({ closedAt: new Date(), soldAndNeedToSetBalanceToZero: false })
    .where(and(eq(unitSale.buildingId, scope.buildingId), eq(unitSale.uuid, sale.uuid)));
  await logClosed(tx, scope, source, unitUuid, unit.number ?? '', aid);
  await publish(tx, { buildingId: scope.buildingId, collection: 'units', ids: [unitUuid] });
}
