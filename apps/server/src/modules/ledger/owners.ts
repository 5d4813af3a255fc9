import type { DbOrTx } from '../../db/client';
import type { LogSource } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import { cancelTransaction, lockedTransaction, type TransactionRow, type TransactionView } from './ledger';

/**
 * An area that posts transactions and keeps records about them (a deposit and its checks, a
 * returned check, a budget's billing, a penalty charge, a sale). A transaction it owns is
 * cancelled through it: it restores its records in the same database transaction, or refuses.
 */
export interface TransactionOwner {
  /** The area, named in the error raised when two areas claim one transaction. */
  readonly area: string;
  /** Whether `row` (not cancelled, locked by the caller) is one of the area's. */
  owns(tx: DbOrTx, scope: YearScope, row: TransactionRow): Promise<boolean>;
  /**
   * Cancels `row` with `cancelTransaction` and puts the area's records back as they were before
   * it, or throws an AppError whose i18n key tells the user what to do instead.
   */
  cancel(
    tx: DbOrTx,
    scope: YearScope,
    source: LogSource,
    row: TransactionRow,
    reason: string,
  ): Promise<TransactionView>;
}

/**
 * The ledger's cancel (DOMAIN 1): a transaction an area owns is cancelled by that area, any other
 * by `cancelTransaction` alone. `owners` are the ones listed where the modules are registered.
 */
export async function cancelThroughOwner(
  tx: DbOrTx,
  scope: YearScope,
  owners: readonly TransactionOwner[],
  source: LogSource,
  uuid: string,
  reason: string,
): Promise<TransactionView> {
  await lockWritableYear(tx, scope);
  const row = await lockedTransaction(tx, scope, uuid);
  if (row.status === 'cancelled') {
    throw new AppError('validation', [{ path: [], key: 'validation.transactionNotEditable' }]);
  }
  const claimed: TransactionOwner[] = [];
  for (const owner of owners) if (await owner.owns(tx, scope, row)) claimed.push(owner);
  // Each transaction has at most one owner: two would each restore their records their own way.
  if (claimed.length > 1) {
    throw new Error(`transaction ${uuid} is claimed by ${claimed.map((o) => o.area).join(' and ')}`);
  }
  const [owner] = claimed;
  return owner
    ? owner.cancel(tx, scope, source, row, reason)
    : cancelTransaction(tx, scope, source, uuid, reason);
}
