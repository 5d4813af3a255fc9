import { and, asc, eq, sql } from 'drizzle-orm';
import {
  cleanStatementText,
  limits,
  negateCents,
  translate,
  type ConfirmMatchesInput,
  type FieldIssue,
  type LineEntryInput,
  type StatementImport,
  type Subtransaction,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { statementLine } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { yearContaining } from '../../../platform/fiscal-year-scope';
import { postTransaction } from '../../ledger';
import { findRecord, listRecords } from '../../registry';
import type { ReconciliationContext } from '../context';
import { clearTransactions } from '../periods/clearing';
import { matchCandidates } from './candidates';
import { importView } from './import-views';
import {
  assertPeriodOpen,
  lockBankImports,
  type ImportRow,
  type ImportTarget,
  type LineRow,
} from './import-target';

type ImportWrite = ImportTarget & { statement: ImportRow };

/** Lines the user may still confirm, give another transaction, or set aside. */
const openStatuses: readonly string[] = ['matched', 'unmatched'];

async function linesOf(tx: Tx, statement: ImportRow, ids: readonly number[]): Promise<Map<number, LineRow>> {
  const rows = await tx
    .select()
    .from(statementLine)
    .where(
      and(
        eq(statementLine.buildingId, statement.buildingId),
        eq(statementLine.importUuid, statement.uuid),
        sql`${statementLine.id} = any(${sql.param([...new Set(ids)])}::int[])`,
      ),
    )
    .orderBy(asc(statementLine.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sets lines' status and transaction, in one statement however many they are. */
async function setLines(
  tx: Tx,
  statement: ImportRow,
  status: LineRow['status'],
  lines: readonly { id: number; transactionUuid: string | null }[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(sql`update ${statementLine}
    set status = ${status}, transaction_uuid = v.transaction_uuid
    from (select unnest(${sql.param(lines.map((l) => l.id))}::int[]) as id,
                 unnest(${sql.param(lines.map((l) => l.transactionUuid))}::uuid[]) as transaction_uuid) v
    where ${statementLine.buildingId} = ${statement.buildingId}
      and ${statementLine.importUuid} = ${statement.uuid}
      and ${statementLine.id} = v.id`);
}

/**
 * Confirms lines' matches: each line (matched, or unmatched and given one by the user) gets the
 * transaction named, which must be a candidate of the period (see `matchCandidates`; the lines
 * confirmed here release what they held) with the line's amount, and is ticked in the period.
 */
export async function confirmMatches(
  tx: Tx,
  ctx: ReconciliationContext,
  target: ImportWrite,
  input: ConfirmMatchesInput,
): Promise<StatementImport> {
  const { statement } = target;
  assertPeriodOpen(target.period);
  await lockBankImports(tx, ctx.buildingId, target.bank.uuid);
  const lineIds = input.lines.map((l) => l.lineId);
  const lines = await linesOf(tx, statement, lineIds);
  const candidates = new Map(
    (
      await matchCandidates(
        tx,
        ctx.buildingId,
        target,
        {
          uuids: input.lines.map((l) => l.transactionUuid),
          releasing: { importUuid: statement.uuid, lineIds },
        },
        ctx.language,
      )
    ).map((c) => [c.uuid, c]),
  );
  const issues: FieldIssue[] = [];
  const seenLines = new Set<number>();
  const seenTransactions = new Set<string>();
  input.lines.forEach((item, i) => {
    const line = lines.get(item.lineId);
    const issue = (field: string, key: string) =>
      issues.push({ path: ['lines', i, field], key: `reconciliation.import.validation.${key}` });
    if (!line) issue('lineId', 'lineNotFound');
    else if (!openStatuses.includes(line.status)) issue('lineId', 'lineNotOpen');
    else if (seenLines.has(item.lineId)) issue('lineId', 'lineTwice');
    seenLines.add(item.lineId);
    const candidate = candidates.get(item.transactionUuid);
    if (seenTransactions.has(item.transactionUuid)) issue('transactionUuid', 'transactionTwice');
    else if (!candidate) issue('transactionUuid', 'notACandidate');
    else if (line && candidate.amount !== line.amount) issue('transactionUuid', 'amountDiffers');
    seenTransactions.add(item.transactionUuid);
  });
  if (issues.length > 0) throw new AppError('validation', issues);
  await clearTransactions(tx, ctx, target.bank.uuid, target.period.uuid, {
    clear: input.lines.map((l) => l.transactionUuid),
    unclear: [],
  });
  await setLines(
    tx,
    statement,
    'confirmed',
    input.lines.map((l) => ({ id: l.lineId, transactionUuid: l.transactionUuid })),
  );
  return importView(tx, target, statement, ctx.language);
}

/** The default category of each entry: the chart's bank fees, or its interest income. */
const defaultCategory: Record<LineEntryInput['kind'], string> = {
  bankFee: 'bankFees',
  bankInterestReceived: 'interestIncome',
  bankInterestPaid: 'bankFees',
};

/** An entry's text when the user types none, in the writer's language, with the bank's own words. */
const entryDescriptionKey: Record<LineEntryInput['kind'], string> = {
  bankFee: 'reconciliation.import.entryDescriptions.bankFee',
  bankInterestReceived: 'reconciliation.import.entryDescriptions.bankInterestReceived',
  bankInterestPaid: 'reconciliation.import.entryDescriptions.bankInterestPaid',
};

const entryIssue = (path: (string | number)[], key: string): AppError =>
  new AppError('validation', [{ path, key: `reconciliation.import.validation.${key}` }]);

/**
 * Turns an unmatched line into a bank entry (a fee, interest received or paid) of the line's date
 * and amount, posted in the fiscal year holding that date and ticked in the period: a fee and
 * interest paid are money out (Dr category, Cr bank), interest received money in (Dr bank, Cr
 * category). A line whose sign does not fit the kind is refused.
 */
export async function createLineEntry(
  tx: Tx,
  ctx: ReconciliationContext,
  target: ImportWrite,
  lineId: number,
  input: LineEntryInput,
): Promise<StatementImport> {
  const { statement } = target;
  assertPeriodOpen(target.period);
  await lockBankImports(tx, ctx.buildingId, target.bank.uuid);
  const line = (await linesOf(tx, statement, [lineId])).get(lineId);
  if (!line) throw new AppError('notFound');
  if (line.status !== 'unmatched') throw entryIssue([], 'lineNotUnmatched');
  const moneyIn = input.kind === 'bankInterestReceived';
  if (moneyIn !== line.amount > 0) throw entryIssue(['kind'], 'signDoesNotFit');
  const scope = await yearContaining(tx, ctx.buildingId, line.date);
  if (!scope) throw entryIssue([], 'noFiscalYear');
  const bank = await findRecord(tx, scope, 'banks', target.bank.uuid);
  if (bank?.aid == null) throw new AppError('notFound');
  const category =
    input.categoryUuid !== undefined
      ? await findRecord(tx, scope, 'categories', input.categoryUuid)
      : ((await listRecords(tx, scope, 'categories')).find(
          (c) => c.data.systemKey === defaultCategory[input.kind],
        ) ?? null);
  if (category?.aid == null) throw entryIssue(['categoryUuid'], 'categoryMissing');
  const description =
    input.description ??
    cleanStatementText(
      translate(ctx.language, entryDescriptionKey[input.kind], { text: line.description }),
      limits.displayName,
    );
  const bankLine: Subtransaction = { aid: bank.aid, amount: line.amount };
  const categoryLine: Subtransaction = { aid: category.aid, amount: negateCents(line.amount) };
  const posted = await postTransaction(tx, scope, ctx.source, {
    date: line.date,
    description,
    kind: input.kind,
    taxes: [],
    indexes: [],
    // The debit first: the category for money out, the bank for money in.
    subtransactions: moneyIn ? [bankLine, categoryLine] : [categoryLine, bankLine],
  });
  await clearTransactions(tx, ctx, target.bank.uuid, target.period.uuid, {
    clear: [posted.uuid],
    unclear: [],
  });
  await setLines(tx, statement, 'entryCreated', [{ id: line.id, transactionUuid: posted.uuid }]);
  return importView(tx, target, statement, ctx.language);
}

/** Sets a line aside: it is matched to nothing and turned into nothing. */
export async function ignoreLine(
  tx: Tx,
  ctx: ReconciliationContext,
  target: ImportWrite,
  lineId: number,
): Promise<StatementImport> {
  const { statement } = target;
  assertPeriodOpen(target.period);
  await lockBankImports(tx, ctx.buildingId, target.bank.uuid);
  const line = (await linesOf(tx, statement, [lineId])).get(lineId);
  if (!line) throw new AppError('notFound');
  if (!openStatuses.includes(line.status)) throw entryIssue([], 'lineNotOpen');
  await setLines(tx, statement, 'ignored', [{ id: line.id, transactionUuid: null }]);
  await writeLog(tx, {
    buildingId: ctx.buildingId,
    event: 'bankReconciliationModified',
    source: ctx.source,
    message: `Line ${line.id} of bank statement ${statement.fileName} set aside`,
    metadata: {
      bankUuid: target.bank.uuid,
      periodUuid: target.period.uuid,
      importUuid: statement.uuid,
      lineId: line.id,
      status: 'ignored',
    },
  });
  return importView(tx, target, statement, ctx.language);
}
