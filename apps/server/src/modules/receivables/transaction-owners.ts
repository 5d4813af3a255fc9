import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposit, recordedCheck } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { cancelTransaction, standingTransactionsByDetail } from '../ledger';
import type { TransactionOwner } from '../ledger';
import { depositStands } from './deposits';
import { ofPreAuthorizedDebit } from './pre-authorized-debits';

const refused = (key: string, params?: Record<string, string | number>) =>
  new AppError('validation', [{ path: [], key, ...(params ? { params } : {}) }]);

async function depositPostedAs(tx: DbOrTx, scope: YearScope, transactionUuid: string) {
  const [row] = await tx
    .select()
    .from(deposit)
    .where(and(eq(deposit.buildingId, scope.buildingId), eq(deposit.transactionUuid, transactionUuid)));
  return row ?? null;
}

/**
 * DOMAIN 4: a deposit's `unitPayment` is the deposit's. Cancelling it puts its checks back to
 * "recorded", free to go into another deposit; while one of them stands returned (NSF), the
 * deposit cannot be cancelled: the return is cancelled first.
 */
export const depositOwner: TransactionOwner = {
  area: 'deposits',
  owns: async (tx, scope, row) =>
    row.kind === 'unitPayment' && (await depositPostedAs(tx, scope, row.uuid)) !== null,
  async cancel(tx, scope, source, row, reason) {
    const placed = await depositPostedAs(tx, scope, row.uuid);
    if (!placed) throw new AppError('notFound');
    const checks = await tx
      .select()
      .from(recordedCheck)
      .where(and(eq(recordedCheck.buildingId, scope.buildingId), eq(recordedCheck.depositUuid, placed.uuid)))
      .for('update');
    const returned = checks.find((c) => c.status === 'returned');
    if (returned) throw refused('receivables.validation.depositCheckReturned', { number: returned.number });
    const view = await cancelTransaction(tx, scope, source, row.uuid, reason);
    const uuids = checks.map((c) => c.uuid);
    if (uuids.length > 0) {
      await tx
        .update(recordedCheck)
        .set({ status: 'recorded', depositUuid: null, updatedAt: new Date() })
        .where(and(eq(recordedCheck.buildingId, scope.buildingId), inArray(recordedCheck.uuid, uuids)));
      await publish(tx, { buildingId: scope.buildingId, collection: 'checks', ids: uuids });
    }
    await publish(tx, { buildingId: scope.buildingId, collection: 'deposits', ids: [placed.uuid] });
    return view;
  },
};

/** The returned electronic payment (not cancelled) that names `paymentUuid`, if any. */
async function standingElectronicReturn(tx: DbOrTx, scope: YearScope, paymentUuid: string) {
  const [row] = await standingTransactionsByDetail(tx, scope.buildingId, {
    kind: 'unitElectronicDepositReversal',
    key: 'returnedTransactionUuid',
    values: [paymentUuid],
  });
  return row ?? null;
}

const reversalKinds: readonly string[] = ['unitDepositReversal', 'unitElectronicDepositReversal'];

/**
 * DOMAIN 4, returned payments: a returned check's or electronic payment's reversal is theirs.
 * Cancelling it makes the payment returnable again: the check is deposited again (recorded, when
 * its deposit no longer stands) and the returned check fee charged with it is cancelled too. A
 * payment returned electronically is refused its cancel while its return stands.
 */
export const returnedPaymentOwner: TransactionOwner = {
  area: 'returned payments',
  owns: async (tx, scope, row) =>
    // A pre-authorized debit's payment, return and fee belong to their order (the otonom area's owner).
    !ofPreAuthorizedDebit(row) &&
    (reversalKinds.includes(row.kind) ||
      (row.kind === 'unitPayment' && (await standingElectronicReturn(tx, scope, row.uuid)) !== null)),
  async cancel(tx, scope, source, row, reason) {
    if (!reversalKinds.includes(row.kind)) throw refused('receivables.validation.paymentReturned');
    const view = await cancelTransaction(tx, scope, source, row.uuid, reason);
    const { returnUuid } = row.details as { returnUuid?: string };
    if (returnUuid) {
      const fees = await standingTransactionsByDetail(tx, scope.buildingId, {
        kind: 'unitDepositReversalFee',
        key: 'returnUuid',
        values: [returnUuid],
        fiscalYear: scope.fiscalYear,
      });
      for (const fee of fees) await cancelTransaction(tx, scope, source, fee.uuid, reason);
    }
    const checks = await tx
      .select()
      .from(recordedCheck)
      .where(
        and(
          eq(recordedCheck.buildingId, scope.buildingId),
          eq(recordedCheck.returnTransactionUuid, row.uuid),
        ),
      )
      .for('update');
    for (const check of checks) {
      // A deposit cancelled before cancelling restored checks left them deposited: back to recorded.
      const deposited = check.depositUuid !== null && (await depositStands(tx, scope, check.depositUuid));
      await tx
        .update(recordedCheck)
        .set({
          status: deposited ? 'deposited' : 'recorded',
          depositUuid: deposited ? check.depositUuid : null,
          returnTransactionUuid: null,
          updatedAt: new Date(),
        })
        .where(and(eq(recordedCheck.buildingId, scope.buildingId), eq(recordedCheck.uuid, check.uuid)));
    }
    if (checks.length > 0) {
      await publish(tx, {
        buildingId: scope.buildingId,
        collection: 'checks',
        ids: checks.map((c) => c.uuid),
      });
    }
    return view;
  },
};
