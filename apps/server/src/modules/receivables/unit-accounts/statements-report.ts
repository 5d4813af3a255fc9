import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { findRecord } from '../../registry';
import { spreadsheetMoneyFormat } from '../../../platform/documents/render-xlsx';
import type { ReportDocument, ReportTableDocument } from '../../reports';
import { unitAccountsOf } from './accounts';
import { unitsInOrder, type ReceivablesReportContext } from './report-common';
import { paymentsPaidBy, unitPostings } from '../unit-postings';
import { statementSection, statementView } from './statement';

/**
 * Statements of account for the period: of one unit (`unitUuid`) or of every unit one after
 * another, each account of the year in turn (a sold unit has its former owners' too).
 */
export async function statementsReportDocument(
  db: DbOrTx,
  ctx: ReceivablesReportContext,
  unitUuid: string | undefined,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { scope, building, language, t, period } = ctx;
  let units = await unitsInOrder(db, scope);
  if (unitUuid !== undefined) {
    const unit = await findRecord(db, scope, 'units', unitUuid);
    if (!unit) throw new AppError('notFound');
    units = [unit];
  }
  const accounts = await unitAccountsOf(db, scope, units);
  // One read of every account's postings, not one per account: a building has hundreds of units.
  const aids = [...accounts.values()].flatMap((list) => list.map((account) => account.aid));
  const postings = await unitPostings(db, scope, aids);
  const paidBy = await paymentsPaidBy(db, scope, aids);
  const format = { language, currency: building.currency };
  const sections: ReportTableDocument[] = [];
  for (const unit of units) {
    for (const account of accounts.get(unit.uuid) ?? []) {
      const statement = statementView(unit, account, postings.get(account.aid) ?? [], paidBy, period);
      sections.push(statementSection(statement, format));
    }
  }
  const [first, ...rest] = sections;
  const empty: ReportTableDocument = {
    sheetName: t('receivablesReports.statements.sheet'),
    columns: [{ label: t('receivablesReports.columns.unit'), kind: 'text' }],
    rows: [],
  };
  const single = unitUuid !== undefined ? units[0]?.number : undefined;
  return {
    document: {
      ...(first ?? empty),
      title:
        single !== undefined
          ? t('statements.unitTitle', { unit: single ?? '' })
          : t('receivablesReports.statements.title'),
      subtitle: `${ctx.subtitle} · ${ctx.periodText}`,
      sections: rest,
      moneyFormat: spreadsheetMoneyFormat(building.currency, language),
      emptyText: ctx.emptyText,
      pageLabel: ctx.pageLabel,
    },
    fileName:
      single !== undefined
        ? `${t('statements.file', { unit: single ?? '' })}-${period.from}-${period.to}`
        : `${t('receivablesReports.statements.file')}-${period.from}-${period.to}`,
  };
}
