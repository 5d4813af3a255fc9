import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Language, PaymentListQuery, SupplierPaymentView } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import {
  paymentAllocation,
  paymentDecision,
  supplierInvoice,
  supplierPayment,
} from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { recordNames } from '../record-names';

export type PaymentRow = typeof supplierPayment.$inferSelect;

/**
 * Who reads a payment: what they decided is theirs, whether they may decide (payments.approve),
 * and the language its names read in.
 */
export interface Reader {
  userId: string | null;
  canApprove: boolean;
  language: Language;
}

const defaultPageSize = 50;

/** The payment of the year whose `column` is `value`, locked for update when asked. */
async function paymentWhere(
  db: DbOrTx,
  scope: YearScope,
  column: typeof supplierPayment.uuid | typeof supplierPayment.transactionUuid,
  value: string,
  lock: boolean,
): Promise<PaymentRow | null> {
  const query = db
    .select()
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, scope.buildingId),
        eq(supplierPayment.fiscalYear, scope.fiscalYear),
        eq(column, value),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findPayment(
  db: DbOrTx,
  scope: YearScope,
  uuid: string,
  lock = false,
): Promise<PaymentRow> {
  const row = await paymentWhere(db, scope, supplierPayment.uuid, uuid, lock);
  if (!row) throw new AppError('notFound');
  return row;
}

/** The payment that posted the year's transaction `transactionUuid`, if one did. */
export const paymentOfTransaction = (
  db: DbOrTx,
  scope: YearScope,
  transactionUuid: string,
  lock = false,
): Promise<PaymentRow | null> =>
  paymentWhere(db, scope, supplierPayment.transactionUuid, transactionUuid, lock);

/** The views of payments of one year, read in a few queries whatever their number, in the reader's language. */
export async function paymentViews(
  db: DbOrTx,
  scope: YearScope,
  rows: readonly PaymentRow[],
  reader: Reader,
): Promise<SupplierPaymentView[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const allocations = await allocationsOf(db, scope.buildingId, uuids);
  const decisions = await db
    .select()
    .from(paymentDecision)
    .where(and(eq(paymentDecision.buildingId, scope.buildingId), inArray(paymentDecision.paymentUuid, uuids)))
    .orderBy(asc(paymentDecision.at));
  const suppliers = await recordNames(
    db,
    scope,
    'suppliers',
    rows.map((r) => r.supplierUuid),
    reader.language,
  );
  const banks = await recordNames(
    db,
    scope,
    'banks',
    rows.map((r) => r.bankUuid),
    reader.language,
  );
  return rows.map((row) => {
    const mine = allocations.filter((a) => a.paymentUuid === row.uuid);
    const lines = (creditNote: boolean) =>
      mine
        .filter((a) => a.creditNote === creditNote)
        .map((a) => ({ invoiceUuid: a.invoiceUuid, number: a.number, amount: a.amount }));
    const its = decisions.filter((d) => d.paymentUuid === row.uuid);
    const waiting = row.status === 'pending' && row.approvalStatus === 'pending';
    return {
      uuid: row.uuid,
      fiscalYear: row.fiscalYear,
      supplierUuid: row.supplierUuid,
      supplierName: suppliers.get(row.supplierUuid) ?? '',
      bankUuid: row.bankUuid,
      bankName: banks.get(row.bankUuid) ?? '',
      date: row.date,
      paymentMethod: row.paymentMethod,
      amount: row.amount,
      invoices: lines(false),
      creditNotes: lines(true),
      memo: row.memo,
      status: row.status,
      approvalStatus: row.approvalStatus,
      approvalsRequired: row.approvalsRequired,
      approvals: its.map((d) => ({
        userId: d.userId,
        name: d.name,
        decision: d.decision,
        at: d.at.toISOString(),
      })),
      notes: row.notes,
      transactionUuid: row.transactionUuid,
      checkNumber: row.checkNumber,
      checkPrinted: row.checkPrintedAt !== null,
      checkVoided: row.checkVoided ? { reason: row.checkVoided.reason, at: row.checkVoided.at } : null,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      canDecide: waiting && reader.canApprove && !its.some((d) => d.userId === reader.userId),
    };
  });
}

export async function paymentView(
  db: DbOrTx,
  scope: YearScope,
  uuid: string,
  reader: Reader,
): Promise<SupplierPaymentView> {
  const [view] = await paymentViews(db, scope, [await findPayment(db, scope, uuid)], reader);
  if (!view) throw new AppError('notFound');
  return view;
}

/** Whether the reader decided the payment, and how. */
const decidedBy = (userId: string, decision?: 'approved' | 'rejected'): SQL =>
  sql`exists (select 1 from ${paymentDecision} where ${and(
    eq(paymentDecision.buildingId, supplierPayment.buildingId),
    eq(paymentDecision.paymentUuid, supplierPayment.uuid),
    eq(paymentDecision.userId, userId),
    decision ? eq(paymentDecision.decision, decision) : undefined,
  )})`;

const checkUnprinted = and(
  eq(supplierPayment.paymentMethod, 'check'),
  isNull(supplierPayment.checkPrintedAt),
);

/**
 * DOMAIN 7 approvals page filters, for the reader. Waiting for me: pending, not decided by me,
 * and I may approve. Approved and paid: approved and posted, its check printed if it is one;
 * approved pending payment: approved, its check not printed yet. Released: posted with no approval needed.
 */
function filterCondition(filter: PaymentListQuery['filter'], reader: Reader): SQL | undefined {
  const pending = and(eq(supplierPayment.status, 'pending'), eq(supplierPayment.approvalStatus, 'pending'));
  const approvedPosted = and(
    eq(supplierPayment.approvalStatus, 'approved'),
    eq(supplierPayment.status, 'posted'),
  );
  switch (filter ?? 'all') {
    case 'all':
      return undefined;
    case 'waitingForMe':
      return reader.canApprove && reader.userId
        ? and(pending, sql`not ${decidedBy(reader.userId)}`)
        : sql`false`;
    case 'approvedByMe':
      return reader.userId ? decidedBy(reader.userId, 'approved') : sql`false`;
    case 'rejectedByMe':
      return reader.userId ? decidedBy(reader.userId, 'rejected') : sql`false`;
    case 'approved':
      return eq(supplierPayment.approvalStatus, 'approved');
    case 'approvedAndPaid':
      return and(
        approvedPosted,
        or(ne(supplierPayment.paymentMethod, 'check'), isNotNull(supplierPayment.checkPrintedAt)),
      );
    case 'approvedPendingPayment':
      return and(approvedPosted, checkUnprinted);
    case 'released':
      return and(eq(supplierPayment.approvalStatus, 'notRequired'), eq(supplierPayment.status, 'posted'));
    case 'pendingApproval':
      return pending;
    case 'rejected':
      return eq(supplierPayment.approvalStatus, 'rejected');
  }
}

export async function listPayments(
  db: DbOrTx,
  scope: YearScope,
  query: PaymentListQuery,
  reader: Reader,
): Promise<{ items: SupplierPaymentView[]; total: number }> {
  const where = and(
    eq(supplierPayment.buildingId, scope.buildingId),
    eq(supplierPayment.fiscalYear, scope.fiscalYear),
    filterCondition(query.filter, reader),
    query.supplierUuid ? eq(supplierPayment.supplierUuid, query.supplierUuid) : undefined,
    query.paymentMethod ? eq(supplierPayment.paymentMethod, query.paymentMethod) : undefined,
    query.from ? gte(supplierPayment.date, query.from) : undefined,
    query.to ? lte(supplierPayment.date, query.to) : undefined,
  );
  const pageSize = query.pageSize ?? defaultPageSize;
  const rows = await db
    .select()
    .from(supplierPayment)
    .where(where)
    .orderBy(desc(supplierPayment.date), desc(supplierPayment.createdAt), asc(supplierPayment.uuid))
    .limit(pageSize)
    .offset(((query.page ?? 1) - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(supplierPayment).where(where);
  return { items: await paymentViews(db, scope, rows, reader), total: counted?.total ?? 0 };
}

/** The payments of the year waiting for the reader's decision (the dashboard's list), oldest first. */
export async function waitingFor(
  db: DbOrTx,
  scope: YearScope,
  reader: Reader,
): Promise<SupplierPaymentView[]> {
  if (!reader.canApprove || !reader.userId) return [];
  const rows = await db
    .select()
    .from(supplierPayment)
    .where(
      and(
        eq(supplierPayment.buildingId, scope.buildingId),
        eq(supplierPayment.fiscalYear, scope.fiscalYear),
        filterCondition('waitingForMe', reader),
      ),
    )
    .orderBy(asc(supplierPayment.date), asc(supplierPayment.createdAt));
  return paymentViews(db, scope, rows, reader);
}

/** What payments pay (invoices) and use (credit notes), with the invoices' numbers, in invoice order. */
export async function allocationsOf(db: DbOrTx, buildingId: string, paymentUuids: readonly string[]) {
  if (paymentUuids.length === 0) return [];
  return db
    .select({
      paymentUuid: paymentAllocation.paymentUuid,
      invoiceUuid: paymentAllocation.invoiceUuid,
      creditNote: paymentAllocation.creditNote,
      amount: paymentAllocation.amount,
      number: supplierInvoice.number,
    })
    .from(paymentAllocation)
    .innerJoin(
      supplierInvoice,
      and(
        eq(supplierInvoice.buildingId, paymentAllocation.buildingId),
        eq(supplierInvoice.uuid, paymentAllocation.invoiceUuid),
      ),
    )
    .where(
      and(
        eq(paymentAllocation.buildingId, buildingId),
        inArray(paymentAllocation.paymentUuid, [...paymentUuids]),
      ),
    )
    .orderBy(asc(supplierInvoice.date), asc(supplierInvoice.number));
}
