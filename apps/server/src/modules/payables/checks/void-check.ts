import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { supplierPayment } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear } from '../../../platform/fiscal-year-scope';
import type { PayablesContext } from '../context';
import { cancelSupplierPayment } from '../payments/cancel-payment';
import { findPayment } from '../payments/payment-views';

/**
 * DOMAIN 7: voids a printed check, with a reason: the check is marked void (reason, when, by whom)
 * and its payment cancelled, so its invoices are unpaid again and the bank gets its money back. A
 * payment already cancelled keeps its cancellation; its check is only marked void. Its number stays
 * used (check-numbering.ts). Logged.
 */
export async function voidCheck(
  tx: Tx,
  ctx: PayablesContext,
  uuid: string,
  reason: string,
  now: Date,
): Promise<void> {
  await lockWritableYear(tx, ctx.scope);
  const payment = await findPayment(tx, ctx.scope, uuid, true);
  if (payment.paymentMethod !== 'check' || payment.checkPrintedAt === null) {
    throw new AppError('validation', [{ path: [], key: 'payables.checks.notPrinted' }]);
  }
  if (payment.checkVoided) {
    throw new AppError('validation', [{ path: [], key: 'payables.checks.alreadyVoided' }]);
  }
  if (payment.status !== 'cancelled') await cancelSupplierPayment(tx, ctx, uuid, reason);
  await tx
    .update(supplierPayment)
    .set({ checkVoided: { reason, at: now.toISOString(), by: ctx.source } })
    .where(and(eq(supplierPayment.buildingId, payment.buildingId), eq(supplierPayment.uuid, payment.uuid)));
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'checkVoided',
    source: ctx.source,
    message: `Check voided: no ${payment.checkNumber ?? ''} (${payment.amount} cents): ${reason}`,
    metadata: {
      paymentUuid: payment.uuid,
      checkNumber: payment.checkNumber,
      bankUuid: payment.bankUuid,
      supplierUuid: payment.supplierUuid,
      amount: payment.amount,
      reason,
      fiscalYear: ctx.scope.fiscalYear,
    },
    indexes: [payment.uuid, payment.supplierUuid],
  });
}
