import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  matchReason,
  suggestCsvMapping,
  type BankStatementLine,
  type Language,
  type StatementImport,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { statementImport, statementLine } from '../../../db/schema/index';
import { bankTransactions } from './candidates';
import type { ImportRow, ImportTarget, LineRow } from './import-target';
import { csvRows } from './statement-file';

/** The rows shown to map a CSV's columns, and how long a cell shown may be. */
const mappingRows = 10;
const mappingCellLength = 200;

function needsMapping(statement: ImportRow): StatementImport['needsMapping'] {
  if (statement.format !== 'csv' || statement.mapping !== null || statement.content === null) return null;
  const rows = csvRows(statement.content);
  return {
    rows: rows.slice(0, mappingRows).map((row) => row.map((cell) => cell.slice(0, mappingCellLength))),
    suggested: suggestCsvMapping(rows),
  };
}

/** Imports with their lines and each line's transaction as the reader reads it. */
async function importViews(
  db: DbOrTx,
  target: ImportTarget,
  statements: readonly ImportRow[],
  language: Language,
): Promise<StatementImport[]> {
  if (statements.length === 0) return [];
  const lines = await db
    .select()
    .from(statementLine)
    .where(
      and(
        eq(statementLine.buildingId, target.period.buildingId),
        inArray(
          statementLine.importUuid,
          statements.map((s) => s.uuid),
        ),
      ),
    )
    .orderBy(asc(statementLine.importUuid), asc(statementLine.id));
  const transactions = await bankTransactions(
    db,
    target.period.buildingId,
    target.bank.aid,
    lines.flatMap((l) => (l.transactionUuid ? [l.transactionUuid] : [])),
    language,
  );
  const lineView = (line: LineRow): BankStatementLine => {
    const transaction = line.transactionUuid ? transactions.get(line.transactionUuid) : undefined;
    return {
      id: line.id,
      date: line.date,
      amount: line.amount,
      description: line.description,
      checkNumber: line.checkNumber,
      status: line.status,
      match: transaction
        ? {
            transactionUuid: transaction.uuid,
            date: transaction.date,
            description: transaction.description,
            amount: transaction.amount,
            checkNumber: transaction.checkNumber,
            reason: matchReason(line, transaction) ?? 'amountAndDate',
          }
        : null,
    };
  };
  return statements.map((statement) => ({
    uuid: statement.uuid,
    periodUuid: statement.periodUuid,
    fileName: statement.fileName,
    format: statement.format,
    needsMapping: needsMapping(statement),
    mapping: statement.mapping,
    lines: lines.filter((l) => l.importUuid === statement.uuid).map(lineView),
    createdAt: statement.createdAt.toISOString(),
  }));
}

export async function importView(
  db: DbOrTx,
  target: ImportTarget,
  statement: ImportRow,
  language: Language,
): Promise<StatementImport> {
  const [view] = await importViews(db, target, [statement], language);
  if (!view) throw new Error('an import without its view');
  return view;
}

/** The period's imports, latest first. */
export async function periodImports(
  db: DbOrTx,
  target: ImportTarget,
  language: Language,
): Promise<StatementImport[]> {
  const statements = await db
    .select()
    .from(statementImport)
    .where(
      and(
        eq(statementImport.buildingId, target.period.buildingId),
        eq(statementImport.periodUuid, target.period.uuid),
      ),
    )
    .orderBy(desc(statementImport.createdAt), desc(statementImport.uuid));
  return importViews(db, target, statements, language);
}
