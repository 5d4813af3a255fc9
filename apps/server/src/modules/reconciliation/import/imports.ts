import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  addDays,
  matchStatementLines,
  matchWindows,
  readCsvStatement,
  type CsvMapping,
  type StatementImport,
  type StatementLineInput,
  type StatementLineStatus,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { bankCsvMapping, statementImport, statementLine } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { ReconciliationContext } from '../context';
import { matchCandidates } from './candidates';
import { importView } from './import-views';
import { assertPeriodOpen, lockBankImports, type ImportRow, type ImportTarget } from './import-target';
import { csvRows, readStatementFile, statementHash, type UploadedStatement } from './statement-file';

/** Rows per insert and values per `in (…)`, well under PostgreSQL's 65,535 parameters. */
const chunk = 5000;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / chunk) }, (_, i) => items.slice(i * chunk, (i + 1) * chunk));

/** Of these fingerprints, the ones a line of the bank already holds (duplicates are not holders). */
async function knownFingerprints(
  tx: Tx,
  buildingId: string,
  bankUuid: string,
  fingerprints: readonly string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (const part of chunks([...new Set(fingerprints)])) {
    const rows = await tx
      .select({ fingerprint: statementLine.fingerprint })
      .from(statementLine)
      .where(
        and(
          eq(statementLine.buildingId, buildingId),
          eq(statementLine.bankUuid, bankUuid),
          ne(statementLine.status, 'duplicate'),
          inArray(statementLine.fingerprint, part),
        ),
      );
    for (const row of rows) known.add(row.fingerprint);
  }
  return known;
}

/**
 * Stores the file's lines: a line whose fingerprint the bank already holds (from an earlier file,
 * or earlier in this one) is a `duplicate`, never matched again; the others dated in the period
 * are matched to its candidates (DOMAIN 9) and wait for the user's confirmation.
 */
async function addLines(
  tx: Tx,
  ctx: ReconciliationContext,
  target: ImportTarget,
  statement: ImportRow,
  lines: readonly StatementLineInput[],
): Promise<{ lines: number; duplicates: number }> {
  const known = await knownFingerprints(
    tx,
    ctx.buildingId,
    target.bank.uuid,
    lines.map((l) => l.fingerprint),
  );
  const numbered = lines.map((line, i) => {
    const duplicate = known.has(line.fingerprint);
    known.add(line.fingerprint);
    return { ...line, id: i + 1, duplicate };
  });
  const fresh = numbered.filter((l) => !l.duplicate);
  // What the bank shows outside the period belongs to another period's statement: not proposed here.
  const { periodStart, periodEnd } = target.period;
  const matchable = fresh.filter((l) => l.date >= periodStart && l.date < periodEnd);
  const dates = matchable.map((l) => l.date).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  const candidates =
    first === undefined || last === undefined
      ? []
      : await matchCandidates(
          tx,
          ctx.buildingId,
          target,
          {
            from: addDays(first, -matchWindows.checkClearingDays),
            to: addDays(last, matchWindows.movementDays),
          },
          ctx.language,
        );
  const matches = new Map(
    matchStatementLines(matchable, candidates).map((m) => [m.lineId, m.transactionUuid]),
  );
  const rows = numbered.map((line) => {
    const transactionUuid = matches.get(line.id) ?? null;
    const status: StatementLineStatus = line.duplicate
      ? 'duplicate'
      : transactionUuid
        ? 'matched'
        : 'unmatched';
    return {
      buildingId: ctx.buildingId,
      importUuid: statement.uuid,
      id: line.id,
      bankUuid: target.bank.uuid,
      date: line.date,
      amount: line.amount,
      description: line.description,
      checkNumber: line.checkNumber,
      fingerprint: line.fingerprint,
      status,
      transactionUuid,
    };
  });
  for (const part of chunks(rows)) await tx.insert(statementLine).values(part);
  const duplicates = numbered.length - fresh.length;
  await writeLog(tx, {
    buildingId: ctx.buildingId,
    event: 'bankStatementImported',
    source: ctx.source,
    message: `Bank statement ${statement.fileName} imported: ${lines.length} lines, ${duplicates} already imported`,
    metadata: {
      bankUuid: target.bank.uuid,
      periodUuid: target.period.uuid,
      importUuid: statement.uuid,
      fileName: statement.fileName,
      format: statement.format,
      lines: lines.length,
      duplicates,
      matched: matches.size,
    },
  });
  return { lines: lines.length, duplicates };
}

async function rememberedMapping(tx: Tx, buildingId: string, bankUuid: string): Promise<CsvMapping | null> {
  const [row] = await tx
    .select({ mapping: bankCsvMapping.mapping })
    .from(bankCsvMapping)
    .where(and(eq(bankCsvMapping.buildingId, buildingId), eq(bankCsvMapping.bankUuid, bankUuid)));
  return row?.mapping ?? null;
}

/**
 * Imports a statement file into the period: refused when the bank already has the same file (by
 * its SHA-256). An OFX file's lines and a CSV's, when the bank's remembered mapping reads it, are
 * stored and matched at once; a CSV the bank has no mapping for (or whose remembered mapping reads
 * no line: the bank changed its format) waits for its mapping, its text kept until then.
 */
export async function importStatement(
  tx: Tx,
  ctx: ReconciliationContext,
  target: ImportTarget,
  upload: UploadedStatement,
): Promise<StatementImport> {
  assertPeriodOpen(target.period);
  const reading = readStatementFile(upload);
  await lockBankImports(tx, ctx.buildingId, target.bank.uuid);
  const [statement] = await tx
    .insert(statementImport)
    .values({
      buildingId: ctx.buildingId,
      uuid: randomUUID(),
      bankUuid: target.bank.uuid,
      periodUuid: target.period.uuid,
      fileName: upload.fileName,
      format: reading.format,
      fileHash: statementHash(upload.bytes),
      content: reading.format === 'csv' ? reading.text : null,
      createdBy: ctx.source,
    })
    .onConflictDoNothing()
    .returning();
  if (!statement) throw new AppError('statementAlreadyImported');
  if (reading.format === 'ofx') {
    await addLines(tx, ctx, target, statement, reading.lines);
    return importView(tx, target, statement, ctx.language);
  }
  const mapping = await rememberedMapping(tx, ctx.buildingId, target.bank.uuid);
  const lines = mapping ? readCsvStatement(reading.rows, mapping).lines : [];
  if (!mapping || lines.length === 0) {
    await writeLog(tx, {
      buildingId: ctx.buildingId,
      event: 'bankStatementImported',
      source: ctx.source,
      message: `Bank statement ${statement.fileName} uploaded: its columns are to be mapped`,
      metadata: {
        bankUuid: target.bank.uuid,
        periodUuid: target.period.uuid,
        importUuid: statement.uuid,
        fileName: statement.fileName,
        format: statement.format,
        needsMapping: true,
      },
    });
    return importView(tx, target, statement, ctx.language);
  }
  const [mapped] = await tx
    .update(statementImport)
    .set({ mapping, content: null })
    .where(and(eq(statementImport.buildingId, ctx.buildingId), eq(statementImport.uuid, statement.uuid)))
    .returning();
  await addLines(tx, ctx, target, mapped ?? statement, lines);
  return importView(tx, target, mapped ?? statement, ctx.language);
}

/**
 * Maps a waiting CSV's columns: its lines are read, stored and matched, and the mapping is
 * remembered for the bank's next files. A mapping that reads no line is refused; an import
 * mapped already keeps its lines.
 */
export async function mapStatement(
  tx: Tx,
  ctx: ReconciliationContext,
  target: ImportTarget & { statement: ImportRow },
  mapping: CsvMapping,
): Promise<StatementImport> {
  assertPeriodOpen(target.period);
  await lockBankImports(tx, ctx.buildingId, target.bank.uuid);
  const [statement] = await tx
    .select()
    .from(statementImport)
    .where(
      and(eq(statementImport.buildingId, ctx.buildingId), eq(statementImport.uuid, target.statement.uuid)),
    )
    .for('update');
  if (!statement) throw new AppError('notFound');
  if (statement.format !== 'csv' || statement.mapping !== null || statement.content === null) {
    throw new AppError('validation', [{ path: [], key: 'reconciliation.import.validation.alreadyMapped' }]);
  }
  const { lines } = readCsvStatement(csvRows(statement.content), mapping);
  if (lines.length === 0) {
    throw new AppError('validation', [
      { path: ['date'], key: 'reconciliation.import.validation.noLineRead' },
    ]);
  }
  const [mapped] = await tx
    .update(statementImport)
    .set({ mapping, content: null })
    .where(and(eq(statementImport.buildingId, ctx.buildingId), eq(statementImport.uuid, statement.uuid)))
    .returning();
  if (!mapped) throw new AppError('notFound');
  await tx
    .insert(bankCsvMapping)
    .values({ buildingId: ctx.buildingId, bankUuid: target.bank.uuid, mapping })
    .onConflictDoUpdate({
      target: [bankCsvMapping.buildingId, bankCsvMapping.bankUuid],
      set: { mapping, updatedAt: new Date() },
    });
  await addLines(tx, ctx, target, mapped, lines);
  return importView(tx, target, mapped, ctx.language);
}
