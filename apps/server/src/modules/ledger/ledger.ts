import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  negateCents,
  subtransactionsProblem,
  type CancellationMeaning,
  type FieldIssue,
  type TransactionInput,
  type TransactionView,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import {
  fiscalYear,
  ledgerAccount,
  ledgerTransaction,
  subtransaction,
  type LogSource,
} from '../../db/schema/index';
import { writeLog } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import { carryToLaterYears } from './opening-balances';

export type TransactionRow = typeof ledgerTransaction.$inferSelect;
export type SubtransactionRow = typeof subtransaction.$inferSelect;
/** The domain's schema of a transaction, as the routes answer it. */
export type { TransactionView };

export function transactionView(row: TransactionRow, lines: SubtransactionRow[]): TransactionView {
  return {
    uuid: row.uuid,
    fiscalYear: row.fiscalYear,
    date: row.date,
    description: row.description,
    kind: row.kind,
    status: row.status,
    paymentMethod: row.paymentMethod,
    check: row.checkNumber,
    deposit: row.deposit,
    batch: row.batch,
    attachments: row.attachments,
    comments: row.comments,
    cancelled: row.cancelled,
    taxes: row.taxes,
    imported: row.imported,
    indexes: row.indexes,
    details: row.details,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    subtransactions: [...lines]
      .sort((a, b) => a.line - b.line)
      .map((l) => ({ aid: l.aid, amount: l.amount, check: l.checkNumber })),
  };
}

/** SPEC 5 checks that need the database: the accounts exist and the date is in the year. */
async function postingProblems(tx: DbOrTx, scope: YearScope, input: TransactionInput): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const problem = subtransactionsProblem(input.subtransactions);
  if (problem) issues.push({ path: ['subtransactions'], key: problem });
  const aids = [...new Set(input.subtransactions.map((l) => l.aid))];
  const known = new Set(
    (
      await tx
        .select({ aid: ledgerAccount.aid })
        .from(ledgerAccount)
        .where(and(eq(ledgerAccount.buildingId, scope.buildingId), inArray(ledgerAccount.aid, aids)))
    ).map((r) => r.aid),
  );
  input.subtransactions.forEach((line, i) => {
    if (!known.has(line.aid))
      issues.push({ path: ['subtransactions', i, 'aid'], key: 'validation.accountMissing' });
  });
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (year && input.date < year.startDate) issues.push({ path: ['date'], key: 'validation.dateTooEarly' });
  if (year && input.date > year.endDate) issues.push({ path: ['date'], key: 'validation.dateTooLate' });
  return issues;
}

/**
 * Posts one transaction in the caller's database transaction, with its "transaction added" log
 * entry and live event: every area that moves money calls this, inside the transaction of the
 * business change that caused it (DESIGN 2).
 */
export async function postTransaction(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  input: TransactionInput,
  extra: Partial<
    Pick<TransactionRow, 'checkNumber' | 'deposit' | 'batch' | 'details' | 'imported' | 'meaning'>
  > = {},
): Promise<TransactionView> {
  await lockWritableYear(tx, scope);
  const issues = await postingProblems(tx, scope, input);
  if (issues.length > 0) throw new AppError('validation', issues);
  const uuid = randomUUID();
  const [row] = await tx
    .insert(ledgerTransaction)
    .values({
      buildingId: scope.buildingId,
      uuid,
      fiscalYear: scope.fiscalYear,
      date: input.date,
      description: input.description,
      kind: input.kind,
      paymentMethod: input.paymentMethod ?? null,
      taxes: input.taxes,
      attachments: input.attachments ?? [],
      indexes: [...new Set([...input.indexes, ...input.subtransactions.map((l) => `aid:${l.aid}`)])],
      createdBy: source,
      // now() is the same for every insert of a database transaction; the clock keeps the order in
      // which a service posted (a returned check before its fee), which running balances follow.
      createdAt: sql`clock_timestamp()`,
      ...extra,
    })
    .returning();
  if (!row) throw new Error('transaction insert returned nothing');
  const lines = await tx
    .insert(subtransaction)
    .values(
      input.subtransactions.map((l, line) => ({
        buildingId: scope.buildingId,
        transactionUuid: uuid,
        line,
        aid: l.aid,
        amount: l.amount,
        checkNumber: l.check ?? null,
      })),
    )
    .returning();
  await carryToLaterYears(tx, scope, source, { kind: input.kind, lines: input.subtransactions });
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'transactionAdded',
    source,
    message: `Transaction added: ${input.kind} ${input.date} ${input.description}`,
    metadata: { uuid, kind: input.kind, fiscalYear: scope.fiscalYear },
    indexes: [uuid],
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'transactions', ids: [uuid] });
  return transactionView(row, lines);
}

export async function lockedTransaction(tx: DbOrTx, scope: YearScope, uuid: string): Promise<TransactionRow> {
  const [row] = await tx
    .select()
    .from(ledgerTransaction)
    .where(
      and(
        eq(ledgerTransaction.buildingId, scope.buildingId),
        eq(ledgerTransaction.fiscalYear, scope.fiscalYear),
        eq(ledgerTransaction.uuid, uuid),
      ),
    )
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

export async function linesOf(db: DbOrTx, buildingId: string, uuids: readonly string[]) {
  if (uuids.length === 0) return [];
  return db
    .select()
    .from(subtransaction)
    .where(
      and(eq(subtransaction.buildingId, buildingId), inArray(subtransaction.transactionUuid, [...uuids])),
    )
    .orderBy(asc(subtransaction.line));
}

/**
 * DOMAIN 1: a posted transaction is cancelled with who and why; it stays visible, its lines stop
 * counting. A cancel the system makes gives its reason's `meaning` too (DESIGN 3), `reason` being
 * that meaning in the building's language.
 */
export async function cancelTransaction(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  uuid: string,
  reason: string,
  meaning?: CancellationMeaning,
): Promise<TransactionView> {
  await lockWritableYear(tx, scope);
  const before = await lockedTransaction(tx, scope, uuid);
  if (before.status === 'cancelled') {
    throw new AppError('validation', [{ path: [], key: 'validation.transactionNotEditable' }]);
  }
  // A year's opening is derived from the previous year's closing: it follows that year, never a cancel.
  if (before.details.opening === true) {
    throw new AppError('validation', [{ path: [], key: 'ledger.openingNotCancellable' }]);
  }
  const cancelled = { by: source, reason, ...(meaning ? { meaning } : {}), date: new Date().toISOString() };
  const [row] = await tx
    .update(ledgerTransaction)
    .set({ status: 'cancelled', cancelled })
    .where(and(eq(ledgerTransaction.buildingId, scope.buildingId), eq(ledgerTransaction.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  const lines = await linesOf(tx, scope.buildingId, [uuid]);
  await carryToLaterYears(tx, scope, source, {
    kind: before.kind,
    lines: lines.map((l) => ({ aid: l.aid, amount: negateCents(l.amount) })),
  });
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'transactionCanceled',
    source,
    message: `Transaction canceled: ${before.description} (${reason})`,
    metadata: { uuid, kind: before.kind, reason, fiscalYear: scope.fiscalYear },
    indexes: [uuid],
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'transactions', ids: [uuid] });
  return transactionView(row, lines);
}

/** Comments are the one thing added to a posted transaction: a note, with its author and date. */
export async function commentTransaction(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  uuid: string,
  comment: string,
): Promise<TransactionView> {
  await lockWritableYear(tx, scope);
  const before = await lockedTransaction(tx, scope, uuid);
  const comments = [...before.comments, { author: source, comment, createdDate: new Date().toISOString() }];
  const [row] = await tx
    .update(ledgerTransaction)
    .set({ comments })
    .where(and(eq(ledgerTransaction.buildingId, scope.buildingId), eq(ledgerTransaction.uuid, uuid)))
    .returning();
  if (!row) throw new AppError('notFound');
  await writeLog(tx, {
    buildingId: scope.buildingId,
    event: 'transactionCommented',
    source,
    message: `Transaction commented: ${before.description}`,
    metadata: { uuid, fiscalYear: scope.fiscalYear },
    indexes: [uuid],
  });
  await publish(tx, { buildingId: scope.buildingId, collection: 'transactions', ids: [uuid] });
  return transactionView(row, await linesOf(tx, scope.buildingId, [uuid]));
}
