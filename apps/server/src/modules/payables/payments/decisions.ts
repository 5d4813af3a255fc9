import { and, asc, eq } from 'drizzle-orm';
import { approvalOutcome, type SupplierPaymentView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { paymentDecision, supplierPayment, type PaymentNote } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear } from '../../../platform/fiscal-year-scope';
import { findRecord } from '../../registry';
import type { PayablesContext } from '../context';
import { mailCreator, type PaymentAbout } from './mails';
import { allocationsOf, findPayment, paymentViews, type PaymentRow, type Reader } from './payment-views';
import { postSupplierPayment } from './post-payment';

async function aboutPayment(tx: DbOrTx, ctx: PayablesContext, payment: PaymentRow): Promise<PaymentAbout> {
  const supplier = await findRecord(tx, ctx.scope, 'suppliers', payment.supplierUuid);
  const lines = await allocationsOf(tx, ctx.scope.buildingId, [payment.uuid]);
  return {
    fiscalYear: payment.fiscalYear,
    supplierName: String(supplier?.data.name ?? ''),
    amount: payment.amount,
    date: payment.date,
    invoiceNumbers: lines.filter((l) => !l.creditNote).map((l) => l.number),
  };
}

const noteBy = (ctx: PayablesContext, note: string): PaymentNote => ({
  author: ctx.source,
  note,
  at: new Date().toISOString(),
});

async function viewOf(tx: DbOrTx, ctx: PayablesContext, row: PaymentRow, reader: Reader) {
  const [view] = await paymentViews(tx, ctx.scope, [row], reader);
  if (!view) throw new AppError('notFound');
  return view;
}

/**
 * DOMAIN 7: an approver approves or rejects a payment waiting for approval, once. When the
 * approvals reach the count the payment required, its `supplierPayment` is posted (on the
 * payment's date, in its year, by the ledger's rules). One rejection rejects it: nothing moves,
 * its invoices are free again, and its creator is told. A note given with the decision is kept
 * with the payment's notes.
 */
export async function decidePayment(
  tx: DbOrTx,
  ctx: PayablesContext,
  publicUrl: string,
  reader: Reader,
  uuid: string,
  input: { decision: 'approve' | 'reject'; note?: string | undefined },
): Promise<SupplierPaymentView> {
  const approver = ctx.user;
  if (!approver) throw new AppError('forbidden');
  await lockWritableYear(tx, ctx.scope);
  const payment = await findPayment(tx, ctx.scope, uuid, true);
  const decided = await tx
    .select()
    .from(paymentDecision)
    .where(and(eq(paymentDecision.buildingId, ctx.scope.buildingId), eq(paymentDecision.paymentUuid, uuid)))
    .orderBy(asc(paymentDecision.at));
  if (decided.some((d) => d.userId === approver.id)) throw new AppError('alreadyDecided');
  if (payment.status !== 'pending' || payment.approvalStatus !== 'pending')
    throw new AppError('paymentNotPending');

  const decision = input.decision === 'approve' ? ('approved' as const) : ('rejected' as const);
  const [mine] = await tx
    .insert(paymentDecision)
    .values({
      buildingId: ctx.scope.buildingId,
      paymentUuid: uuid,
      userId: approver.id,
      name: approver.name,
      decision,
    })
    .returning();
  if (!mine) throw new Error('decision not inserted');
  const decisions = [...decided, mine];
  const outcome = approvalOutcome(payment.approvalsRequired, decisions);
  const note = input.note || undefined;
  const where = and(eq(supplierPayment.buildingId, ctx.scope.buildingId), eq(supplierPayment.uuid, uuid));
  const notes = note ? [...payment.notes, noteBy(ctx, note)] : payment.notes;

  let updated: PaymentRow | undefined;
  if (outcome === 'approved') {
    const lines = await allocationsOf(tx, ctx.scope.buildingId, [uuid]);
    const posted = await postSupplierPayment(tx, ctx.source, ctx.building, payment, lines, {
      status: 'approved',
      approvedBy: decisions
        .filter((d) => d.decision === 'approved')
        .map((d) => ({ userId: d.userId, name: d.name })),
    });
    [updated] = await tx
      .update(supplierPayment)
      .set({ status: 'posted', approvalStatus: 'approved', transactionUuid: posted.uuid, notes })
      .where(where)
      .returning();
  } else {
    [updated] = await tx
      .update(supplierPayment)
      .set({ approvalStatus: outcome, notes })
      .where(where)
      .returning();
  }
  if (!updated) throw new AppError('notFound');

  const notified =
    outcome === 'rejected'
      ? await mailCreator(
          tx,
          ctx,
          publicUrl,
          payment.createdBy,
          'rejected',
          await aboutPayment(tx, ctx, payment),
          note,
        )
      : null;
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: decision === 'approved' ? 'supplierPaymentApproved' : 'supplierPaymentRejected',
    source: ctx.source,
    message: `Supplier payment ${decision} by ${approver.name} (${decisions.filter((d) => d.decision === 'approved').length} of ${payment.approvalsRequired})`,
    metadata: {
      uuid,
      fiscalYear: ctx.scope.fiscalYear,
      outcome,
      ...(note ? { note } : {}),
      ...(updated.transactionUuid ? { transactionUuid: updated.transactionUuid } : {}),
      ...(notified ? { notified: [notified] } : {}),
    },
    indexes: [uuid],
  });
  return viewOf(tx, ctx, updated, reader);
}

/** DOMAIN 7: a note on a payment, with its author; the payment's creator (a manager) is told. */
export async function addPaymentNote(
  tx: DbOrTx,
  ctx: PayablesContext,
  publicUrl: string,
  reader: Reader,
  uuid: string,
  note: string,
): Promise<SupplierPaymentView> {
  await lockWritableYear(tx, ctx.scope);
  const payment = await findPayment(tx, ctx.scope, uuid, true);
  const [updated] = await tx
    .update(supplierPayment)
    .set({ notes: [...payment.notes, noteBy(ctx, note)] })
    .where(and(eq(supplierPayment.buildingId, ctx.scope.buildingId), eq(supplierPayment.uuid, uuid)))
    .returning();
  if (!updated) throw new AppError('notFound');
  const notified = await mailCreator(
    tx,
    ctx,
    publicUrl,
    payment.createdBy,
    'noteAdded',
    await aboutPayment(tx, ctx, payment),
    note,
  );
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'supplierPaymentNoteAdded',
    source: ctx.source,
    message: `Note added to a supplier payment: ${note}`,
    metadata: { uuid, fiscalYear: ctx.scope.fiscalYear, note, ...(notified ? { notified: [notified] } : {}) },
    indexes: [uuid],
  });
  return viewOf(tx, ctx, updated, reader);
}
