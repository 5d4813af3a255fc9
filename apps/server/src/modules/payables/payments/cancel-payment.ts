import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { supplierPayment, type LogSource } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { cancelTransaction, type TransactionOwner, type TransactionView } from '../../ledger';
import type { PayablesContext } from '../context';
import { findPayment, paymentOfTransaction, type PaymentRow } from './payment-views';

/**
 * Cancels a payment whose row the caller locked: a pending or rejected one only stops holding
 * its invoices; a posted one has its `supplierPayment` cancelled too, which gives the invoices
 * back their unpaid amounts and the credit notes their unused ones. Logged.
 */
async function cancelLockedPayment(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  payment: PaymentRow,
  reason: string,
): Promise<TransactionView | null> {
  if (payment.status === 'cancelled') {
    throw new AppError('validation', [{ path: [], key: 'payables.payments.validation.alreadyCancelled' }]);
  }
  const transaction =
    payment.status === 'posted' && payment.transactionUuid
      ? await cancelTransaction(tx, scope, source, payment.transactionUuid, reason)
      : null;
  await tx
    .update(supplierPayment)
    .set({ status: 'cancelled', cancelled: { reason, by: source, at: new Date().toISOString() } })
    .where(and(eq(supplierPayment.buildingId, payment.buildingId), eq(supplierPayment.uuid, payment.uuid)));
  await writeLog(tx, {
    buildingId: payment.buildingId,
    event: 'supplierPaymentCancelled',
    source,
    message: `Supplier payment cancelled: ${reason}`,
    metadata: {
      uuid: payment.uuid,
      fiscalYear: payment.fiscalYear,
      reason,
      wasPosted: transaction !== null,
      ...(transaction ? { transactionUuid: transaction.uuid } : {}),
    },
    indexes: [payment.uuid],
  });
  return transaction;
}

/**
 * DOMAIN 7: cancels a supplier payment of the context's year (the checks part voids a check
 * through it). A cancelled one cannot be cancelled again.
 */
export async function cancelSupplierPayment(
  tx: Tx,
  ctx: PayablesContext,
  uuid: string,
  reason: string,
): Promise<void> {
  await lockWritableYear(tx, ctx.scope);
  const payment = await findPayment(tx, ctx.scope, uuid, true);
  await cancelLockedPayment(tx, ctx.scope, ctx.source, payment, reason);
}

/**
 * A supplier payment sent electronically that did not reach the supplier (DOMAIN 8: the bank
 * returned it, or its order was cancelled before the money left): cancelled as by hand, in its own
 * year, so its invoices are unpaid again. One already cancelled stays so.
 */
export async function cancelUnpaidSupplierPayment(
  tx: DbOrTx,
  buildingId: string,
  source: LogSource,
  paymentUuid: string,
  reason: string,
): Promise<void> {
  const [row] = await tx
    .select({ fiscalYear: supplierPayment.fiscalYear, status: supplierPayment.status })
    .from(supplierPayment)
    .where(and(eq(supplierPayment.buildingId, buildingId), eq(supplierPayment.uuid, paymentUuid)));
  if (!row) throw new AppError('notFound');
  // Cancelled already (by hand in payables): nothing to write, even in a year archived since.
  if (row.status === 'cancelled') return;
  const scope: YearScope = { buildingId, fiscalYear: row.fiscalYear };
  await lockWritableYear(tx, scope);
  const payment = await findPayment(tx, scope, paymentUuid, true);
  if (payment.status === 'cancelled') return;
  await cancelLockedPayment(tx, scope, source, payment, reason);
}

/**
 * The ledger's cancel of a payment's `supplierPayment` goes through the payment, so the payment
 * is cancelled with it and its invoices are unpaid again (docs/architecture.md "Ledger").
 */
export const supplierPaymentOwner: TransactionOwner = {
  area: 'payables',
  async owns(tx, scope, row) {
    return row.kind === 'supplierPayment' && (await paymentOfTransaction(tx, scope, row.uuid)) !== null;
  },
  async cancel(tx, scope, source, row, reason) {
    const payment = await paymentOfTransaction(tx, scope, row.uuid, true);
    if (!payment) throw new AppError('notFound');
    const transaction = await cancelLockedPayment(tx, scope, source, payment, reason);
    if (!transaction) throw new AppError('notFound');
    return transaction;
  },
};
