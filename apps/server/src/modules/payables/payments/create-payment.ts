import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import {
  approvalsNeeded,
  lowBalanceAfter,
  paymentPlan,
  subtractCents,
  type Cents,
  type FieldIssue,
  type OpenInvoice,
  type SupplierPaymentInput,
  type SupplierPaymentSaved,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear, paymentAllocation, supplierInvoice, supplierPayment } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, type YearScope } from '../../../platform/fiscal-year-scope';
import { accountBalance } from '../../ledger';
import { findRecord, type RecordRow } from '../../registry';
import type { PayablesContext } from '../context';
import { invoiceStandings, standingOf } from '../invoice-standing';
import { recordName } from '../record-names';
import { mailApprovers } from './mails';
import { paymentViews, type Reader } from './payment-views';
import { postSupplierPayment } from './post-payment';
import { approvalRules } from './rules';

type LowBalance = NonNullable<SupplierPaymentSaved['lowBalance']>;

/**
 * The answer that asks to confirm a low balance (DOMAIN 7). Thrown, so the transaction that
 * checked it writes nothing and an idempotency key is not spent on a payment not yet made.
 */
export class LowBalanceWarning extends Error {
  constructor(readonly lowBalance: LowBalance) {
    super('lowBalance');
  }
}

const missing = {
  suppliers: { path: ['supplierUuid'], key: 'payables.payments.validation.supplierMissing' },
  banks: { path: ['bankUuid'], key: 'payables.payments.validation.bankMissing' },
} satisfies Record<string, FieldIssue>;

/** A supplier or bank of the year that money can go through, or null after noting why not. */
async function usableAccount(
  tx: DbOrTx,
  ctx: PayablesContext,
  collection: 'suppliers' | 'banks',
  uuid: string,
  issues: FieldIssue[],
): Promise<(RecordRow & { aid: number }) | null> {
  const row = await findRecord(tx, ctx.scope, collection, uuid);
  if (!row || row.aid === null || row.archived) {
    issues.push(missing[collection]);
    return null;
  }
  return row as RecordRow & { aid: number };
}

/**
 * The invoices and credit notes a payment names, as it may use them: locked (two payments of one
 * invoice wait for each other, so neither pays what the other holds), with what is left on each
 * (total − paid − pending). Cancelled ones are not found. Invoices of earlier years count too.
 */
async function openInvoices(
  tx: DbOrTx,
  scope: YearScope,
  uuids: readonly string[],
): Promise<Map<string, OpenInvoice>> {
  if (uuids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(supplierInvoice)
    .where(
      and(
        eq(supplierInvoice.buildingId, scope.buildingId),
        inArray(supplierInvoice.uuid, [...uuids]),
        eq(supplierInvoice.cancelled, false),
        // A later year's invoice is not one this year's payment can know.
        lte(supplierInvoice.fiscalYear, scope.fiscalYear),
      ),
    )
    .orderBy(asc(supplierInvoice.uuid))
    .for('update');
  const standings = await invoiceStandings(
    tx,
    scope.buildingId,
    rows.map((r) => r.uuid),
  );
  return new Map(
    rows.map((r) => {
      const { paid, pending } = standingOf(standings, r.uuid);
      const open: Cents = subtractCents(subtractCents(r.total, paid), pending);
      return [
        r.uuid,
        { uuid: r.uuid, supplierUuid: r.supplierUuid, number: r.number, creditNote: r.creditNote, open },
      ];
    }),
  );
}

/**
 * DOMAIN 7: a supplier payment. It pays invoices of one supplier (partly or in full) and may use
 * its credit notes (`paymentPlan`). When it would take the bank under the building's low-balance
 * threshold, it is refused with the warning unless `acceptLowBalance`. With no approval needed it
 * posts its `supplierPayment` at once; otherwise it waits (pending, holding its invoices' amounts)
 * and every approver is mailed.
 */
export async function createSupplierPayment(
  tx: DbOrTx,
  ctx: PayablesContext,
  publicUrl: string,
  reader: Reader,
  input: SupplierPaymentInput,
): Promise<SupplierPaymentSaved> {
  await lockWritableYear(tx, ctx.scope);
  const issues: FieldIssue[] = [];
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(
      and(eq(fiscalYear.buildingId, ctx.scope.buildingId), eq(fiscalYear.startDate, ctx.scope.fiscalYear)),
    );
  // A pending payment posts later on its date: the date must already be one the ledger takes.
  if (year && input.date < year.startDate) issues.push({ path: ['date'], key: 'validation.dateTooEarly' });
  if (year && input.date > year.endDate) issues.push({ path: ['date'], key: 'validation.dateTooLate' });
  const supplier = await usableAccount(tx, ctx, 'suppliers', input.supplierUuid, issues);
  const bank = await usableAccount(tx, ctx, 'banks', input.bankUuid, issues);
  const known = await openInvoices(tx, ctx.scope, [
    ...input.invoices.map((l) => l.invoiceUuid),
    ...input.creditNotes.map((l) => l.invoiceUuid),
  ]);
  const plan = paymentPlan(input, known);
  const formIssues = [...issues, ...plan.issues.filter((i) => i.kind === 'validation')];
  if (formIssues.length > 0 || !supplier || !bank)
    throw new AppError(
      'validation',
      formIssues.map(({ path, key }) => ({ path, key })),
    );
  const exceeding = plan.issues.filter((i) => i.kind === 'exceedsUnpaid');
  if (exceeding.length > 0)
    throw new AppError(
      'amountExceedsUnpaid',
      exceeding.map(({ path, key }) => ({ path, key })),
    );

  const threshold = ctx.building.lowBalanceWarningThreshold;
  const balanceAfter = lowBalanceAfter(
    await accountBalance(tx, ctx.scope, bank.aid),
    plan.bankAmount,
    threshold,
  );
  if (balanceAfter !== null && !input.acceptLowBalance)
    throw new LowBalanceWarning({
      balanceAfter,
      threshold,
      bankName: recordName(bank, 'banks', reader.language),
    });

  const required = approvalsNeeded(
    {
      numberOfApprovalsRequired: ctx.building.numberOfApprovalsRequired,
      paymentMethodsRequiringApproval: ctx.building.paymentMethodsRequiringApproval,
    },
    await approvalRules(tx, ctx.scope.buildingId),
    { supplierUuid: input.supplierUuid, paymentMethod: input.paymentMethod, amount: plan.bankAmount },
  );
  const uuid = randomUUID();
  const [inserted] = await tx
    .insert(supplierPayment)
    .values({
      buildingId: ctx.scope.buildingId,
      uuid,
      fiscalYear: ctx.scope.fiscalYear,
      supplierUuid: input.supplierUuid,
      bankUuid: input.bankUuid,
      date: input.date,
      paymentMethod: input.paymentMethod,
      amount: plan.bankAmount,
      memo: input.memo ?? '',
      status: 'pending',
      approvalStatus: required > 0 ? 'pending' : 'notRequired',
      approvalsRequired: required,
      createdBy: ctx.source,
    })
    .returning();
  if (!inserted) throw new Error('payment not inserted');
  const lines = [
    ...plan.invoices.map((l) => ({ ...l, creditNote: false })),
    ...plan.creditNotes.map((l) => ({ ...l, creditNote: true })),
  ];
  await tx.insert(paymentAllocation).values(
    lines.map((l) => ({
      buildingId: ctx.scope.buildingId,
      paymentUuid: uuid,
      invoiceUuid: l.invoiceUuid,
      creditNote: l.creditNote,
      amount: l.amount,
    })),
  );

  let payment = inserted;
  let notified: string[] = [];
  if (required === 0) {
    const posted = await postSupplierPayment(tx, ctx.source, ctx.building, inserted, lines, {
      status: 'notRequired',
      approvedBy: [],
    });
    const [updated] = await tx
      .update(supplierPayment)
      .set({ status: 'posted', transactionUuid: posted.uuid })
      .where(and(eq(supplierPayment.buildingId, ctx.scope.buildingId), eq(supplierPayment.uuid, uuid)))
      .returning();
    if (!updated) throw new Error('payment not updated');
    payment = updated;
  } else {
    notified = await mailApprovers(tx, ctx, publicUrl, {
      fiscalYear: ctx.scope.fiscalYear,
      supplierName: String(supplier.data.name ?? ''),
      amount: plan.bankAmount,
      date: input.date,
      invoiceNumbers: plan.invoices.map((l) => l.number),
    });
  }
  await writeLog(tx, {
    buildingId: ctx.scope.buildingId,
    event: 'supplierPaymentCreated',
    source: ctx.source,
    message: `Supplier payment of ${plan.bankAmount} cents to ${String(supplier.data.name ?? '')} (${payment.status})`,
    metadata: {
      uuid,
      fiscalYear: ctx.scope.fiscalYear,
      supplierUuid: input.supplierUuid,
      amount: plan.bankAmount,
      approvalsRequired: required,
      transactionUuid: payment.transactionUuid,
      ...(balanceAfter !== null ? { lowBalanceAccepted: balanceAfter } : {}),
      ...(notified.length > 0 ? { notified } : {}),
    },
    indexes: [uuid],
  });
  const [view] = await paymentViews(tx, ctx.scope, [payment], reader);
  return { payment: view ?? null, lowBalance: null };
}
