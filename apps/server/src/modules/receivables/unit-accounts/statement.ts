import { eq } from 'drizzle-orm';
import {
  languageOf,
  statementIn,
  statementOf,
  statementTable,
  translate,
  type Language,
  type PaidBy,
  type StatementEntry,
  type StatementPeriod,
  type StatementView,
  type UnitAccountView,
  type UnitPosting,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { building } from '../../../db/schema/index';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { paymentsPaidBy, unitPostings } from '../unit-postings';
import type { RecordRow } from '../../registry';
import type { ReportTableDocument } from '../../reports';

/** A statement whose payments keep how they were paid, so each reader gets them in their language. */
export type UnitStatement = Omit<StatementView, 'lines'> & { lines: StatementEntry[] };

/**
 * DOMAIN 1 and 10: one unit account's statement of account for a period of the year, its payments
 * described in `language` (DOMAIN 4); by default the building's, that of the ledger's descriptions.
 */
export async function unitStatement(
  db: DbOrTx,
  scope: YearScope,
  unit: RecordRow,
  account: UnitAccountView,
  period: StatementPeriod,
  language?: Language,
): Promise<UnitStatement> {
  const postings = (await unitPostings(db, scope, [account.aid])).get(account.aid) ?? [];
  const paidBy = await paymentsPaidBy(db, scope, [account.aid]);
  const [settings] = language
    ? []
    : await db.select({ locale: building.locale }).from(building).where(eq(building.id, scope.buildingId));
  return statementIn(
    statementView(unit, account, postings, paidBy, period),
    language ?? languageOf(settings?.locale),
  );
}

/**
 * A statement from postings already read (a report of every unit reads them all at once), and
 * how its payments were paid (`paymentsPaidBy`).
 */
export const statementView = (
  unit: RecordRow,
  account: UnitAccountView,
  postings: readonly UnitPosting[],
  paidBy: ReadonlyMap<string, PaidBy[]>,
  period: StatementPeriod,
): UnitStatement => ({
  unitUuid: unit.uuid,
  unitNumber: unit.number ?? '',
  aid: account.aid,
  ownerNames: account.ownerNames,
  ...statementOf(
    postings.map((posting) => {
      const paid = paidBy.get(`${account.aid}:${posting.uuid}`);
      return paid ? { ...posting, paidBy: paid } : posting;
    }),
    period,
  ),
});

/**
 * A statement as one table of a report (PDF, spreadsheet, mail), under a heading naming the
 * unit, owners and period; its payments described in the format's language.
 */
export function statementSection(
  statement: UnitStatement,
  format: { language: Language; currency: string },
): ReportTableDocument {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(format.language, key, params);
  const table = statementTable(statementIn(statement, format.language), format);
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
