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
import { writeLog, writeLogs } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import { lockWritableYear, type YearScope } from '../../platform/fiscal-year-scope';
import { carryToLaterYears } from './opening-balances';

export type TransactionRow = typeof ledgerTransaction.$inferSelect;
export type SubtransactionRow = typeof subtransaction.$inferSelect;
/** The domain's schema of a transaction, as the routes answer it. */
export type { TransactionView };

export function transactionView(
  row: TransactionRow,
  lines: readonly Pick<SubtransactionRow, 'line' | 'aid' | 'amount' | 'checkNumber'>[],
): TransactionView {
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

/** Fields a posting area sets beside the input: a check's number, a deposit, a batch, details. */
export type PostingExtra = Partial<
  Pick<TransactionRow, 'checkNumber' | 'deposit' | 'batch' | 'details' | 'imported' | 'meaning'>
>;

/** One transaction to post: what `postTransactions` takes, many at a time. */
export interface Posting {
  input: TransactionInput;
  extra?: PostingExtra;
}

/**
 * SPEC 5 checks that need the database, for every posting at once: the accounts exist and the
 * dates are in the year. The first posting with a problem answers, with its own field paths.
 */
async function postingProblems(
  tx: DbOrTx,
  scope: YearScope,
  postings: readonly Posting[],
): Promise<FieldIssue[]> {
  const aids = [...new Set(postings.flatMap((p) => p.input.subtransactions.map((l) => l.aid)))];
  const known = new Set(
    aids.length === 0
      ? []
      : (
          await tx
            .select({ aid: ledgerAccount.aid })
            .from(ledgerAccount)
            .where(and(eq(ledgerAccount.buildingId, scope.buildingId), inArray(ledgerAccount.aid, aids)))
        ).map((r) => r.aid),
  );
  const [year] = await tx
    .select()
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  for (const { input } of postings) {
    const issues: FieldIssue[] = [];
    const problem = subtransactionsProblem(input.subtransactions);
    if (problem) issues.push({ path: ['subtransactions'], key: problem });
    input.subtransactions.forEach((line, i) => {
      if (!known.has(line.aid))
        issues.push({ path: ['subtransactions', i, 'aid'], key: 'validation.accountMissing' });
    });
    if (year && input.date < year.startDate) issues.push({ path: ['date'], key: 'validation.dateTooEarly' });
    if (year && input.date > year.endDate) issues.push({ path: ['date'], key: 'validation.dateTooLate' });
    if (issues.length > 0) return issues;
  }
  return [];
}

/** Rows per multi-row insert, under PostgreSQL's 65,535 parameters (a transaction has 17 columns). */
const transactionChunk = 1000;
const lineChunk = 5000;

/**
 * Posts one transaction in the caller's database transaction, with its "transaction added" log
 * entry and live event: every area that moves money calls this or `postTransactions`, inside the
 * transaction of the business change that caused it (DESIGN 2).
 */
export async function postTransaction(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  input: TransactionInput,
  extra: PostingExtra = {},
): Promise<TransactionView> {
  const [view] = await postTransactions(tx, scope, source, [{ input, extra }]);
  if (!view) throw new Error('posting returned nothing');
  return view;
}

/**
 * The batch door for money: posts many transactions with the rules of `postTransaction` (one
 * year lock, one validation of every posting, nothing written if one is refused), in multi-row
 * inserts of transactions, lines and log entries, with one live event. Billing, penalties and
 * every area that posts many go through here; the database checks the balance of each at commit
 * (migration 0010) and keeps `account_months` in step.
 */
export async function postTransactions(
  tx: DbOrTx,
  scope: YearScope,
  source: LogSource,
  postings: readonly Posting[],
): Promise<TransactionView[]> {
  if (postings.length === 0) return [];
  await lockWritableYear(tx, scope);
  const issues = await postingProblems(tx, scope, postings);
  if (issues.length > 0) throw new AppError('validation', issues);
  const planned = postings.map(({ input, extra = {} }) => ({ uuid: randomUUID(), input, extra }));
  const rows: TransactionRow[] = [];
  for (let start = 0; start < planned.length; start += transactionChunk) {
    rows.push(
      ...(await tx
        .insert(ledgerTransaction)
        .values(
          planned.slice(start, start + transactionChunk).map(({ uuid, input, extra }) => ({
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
            // now() is the same for every insert of a database transaction; the clock (per row) keeps
            // the order in which a service posted (a returned check before its fee), which running
            // balances follow.
            createdAt: sql`clock_timestamp()`,
            ...extra,
          })),
        )
        .returning()),
    );
  }
  const lines = planned.flatMap(({ uuid, input }) =>
    input.subtransactions.map((l, line) => ({
      buildingId: scope.buildingId,
      transactionUuid: uuid,
      line,
      aid: l.aid,
      amount: l.amount,
      checkNumber: l.check ?? null,
      date: input.date,
    })),
  );
  for (let start = 0; start < lines.length; start += lineChunk) {
    await tx.insert(subtransaction).values(lines.slice(start, start + lineChunk));
  }
  await carryToLaterYears(
    tx,
    scope,
    source,
    planned.map(({ input }) => ({ kind: input.kind, lines: input.subtransactions })),
  );
  await writeLogs(
    tx,
    planned.map(({ uuid, input }) => ({
      buildingId: scope.buildingId,
      event: 'transactionAdded' as const,
      source,
      message: `Transaction added: ${input.kind} ${input.date} ${input.description}`,
      metadata: { uuid, kind: input.kind, fiscalYear: scope.fiscalYear },
      indexes: [uuid],
    })),
  );
  await publish(tx, {
    buildingId: scope.buildingId,
    collection: 'transactions',
    ids: planned.map((p) => p.uuid),
  });
  const byTransaction = new Map<string, typeof lines>();
  for (const line of lines)
    byTransaction.set(line.transactionUuid, [...(byTransaction.get(line.transactionUuid) ?? []), line]);
  return rows.map((row) => transactionView(row, byTransaction.get(row.uuid) ?? []));
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
  await carryToLaterYears(tx, scope, source, [
    { kind: before.kind, lines: lines.map((l) => ({ aid: l.aid, amount: negateCents(l.amount) })) },
  ]);
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
