import {
  statementOf,
  statementTable,
  translate,
  type Language,
  type StatementPeriod,
  type StatementView,
  type UnitAccountView,
  type UnitPosting,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { YearScope } from '../../platform/fiscal-year-scope';
import { unitPostings } from '../receivables/unit-postings';
import type { RecordRow } from '../registry/records';
import type { ReportTableDocument } from '../reports/report-data';

/** DOMAIN 1 and 10: one unit account's statement of account for a period of the year. */
export async function unitStatement(
  db: DbOrTx,
  scope: YearScope,
  unit: RecordRow,
  account: UnitAccountView,
  period: StatementPeriod,
): Promise<StatementView> {
  const postings = (await unitPostings(db, scope, [account.aid])).get(account.aid) ?? [];
  return statementView(unit, account, postings, period);
}

/** A statement from postings already read: a report of every unit reads them all at once. */
export const statementView = (
  unit: RecordRow,
  account: UnitAccountView,
  postings: readonly UnitPosting[],
  period: StatementPeriod,
): StatementView => ({
  unitUuid: unit.uuid,
  unitNumber: unit.number ?? '',
  aid: account.aid,
  ownerNames: account.ownerNames,
  ...statementOf(postings, period),
});

/** A statement as one table of a report (PDF, spreadsheet), under a heading naming the unit, owners and period. */
export function statementSection(
  statement: StatementView,
  format: { language: Language; currency: string },
): ReportTableDocument {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(format.language, key, params);
  const table = statementTable(statement, format);
  const owners = statement.ownerNames.filter((name) => name !== '').join(', ') || t('statements.noOwner');
  return {
    heading: t('statements.heading', {
      unit: statement.unitNumber,
      aid: statement.aid,
      owners,
      from: statement.from,
      to: statement.to,
    }),
    // Worksheet names are at most 31 characters and unique in a workbook: unit and account.
    sheetName: `${statement.unitNumber} (${statement.aid})`.slice(0, 31),
    columns: table.columns.map((column) => ({ label: t(column.key), kind: column.kind })),
    rows: table.rows,
    totalRows: table.totalRows,
  };
}
