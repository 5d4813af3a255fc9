import type { FastifyRequest } from 'fastify';
import {
  languageOf,
  longDate,
  translate,
  type BoardPackageQuery,
  type FinancialStatement,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { ReportPackage } from '../../../platform/documents/render-package';
import { checkRegisterDocument, payablesAgingDocument } from '../../payables';
import { receivablesReportDocument } from '../../receivables';
import { bankReconciliationsDocument } from '../../reconciliation';
import { reportContext, type ReportDocument } from '../../reports';
import { statementDocument, statementPeriod } from '../statements/statement-document';

/** The board package's reports, in order: each is a section of the PDF and a sheet of the workbook. */
export const boardSections = [
  'balanceSheet',
  'incomeStatement',
  'receivablesAging',
  'payablesAging',
  'bankReconciliations',
  'checkRegister',
] as const;
export type BoardSection = (typeof boardSections)[number];

const addressLine = (address: {
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
}) =>
  [address.street, address.city, [address.state, address.zip].filter(Boolean).join(' '), address.country]
    .filter(Boolean)
    .join(', ');

/**
 * Issue 16: what the board receives for a period of the fiscal year, in the building's language
 * whoever asks: the balance sheet at `to`, the income statement beside the budget for the period,
 * the receivables and payables aging at `to`, the bank reconciliations of the periods that ended in
 * it and the checks written in it. `from` and `to` default to the year's first day and the earlier
 * of today and its last day, and must lie in the year.
 */
export async function boardPackage(
  db: DbOrTx,
  req: FastifyRequest,
  query: Pick<BoardPackageQuery, 'from' | 'to'>,
): Promise<{ source: ReportPackage; fileName: string }> {
  const { building, scope, today, yearEnd } = await reportContext(db, req);
  const language = languageOf(building.locale);
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const { from, to } = statementPeriod(
    'income-statement',
    query,
    { start: scope.fiscalYear, end: yearEnd },
    today,
  );

  const statement = async (kind: FinancialStatement) =>
    (
      await statementDocument(db, {
        scope,
        building,
        language,
        today,
        statement: kind,
        query: { from, to, fund: 'all', compare: false, format: 'pdf' },
      })
    ).document;
  const documents: Record<BoardSection, ReportDocument> = {
    balanceSheet: await statement('balance-sheet'),
    incomeStatement: await statement('income-statement'),
    receivablesAging: (await receivablesReportDocument(db, req, 'receivables-aging', { asOf: to }, language))
      .document,
    payablesAging: (await payablesAgingDocument(db, req, { asOf: to, language })).document,
    bankReconciliations: await bankReconciliationsDocument(db, { scope, building, language, from, to }),
    checkRegister: (await checkRegisterDocument(db, req, { from, to, language })).document,
  };

  const address = addressLine(building.address);
  return {
    source: {
      title: t('boardPackage.title'),
      coverLines: [
        building.name,
        ...(address ? [address] : []),
        t('boardPackage.period', { from: longDate(from, language), to: longDate(to, language) }),
        t('boardPackage.generated', { date: longDate(today, language) }),
      ],
      contentsTitle: t('boardPackage.contents'),
      // Each report under the package's name for it, which the contents list.
      sections: boardSections.map((section) => ({
        document: { ...documents[section], title: t(`boardPackage.sections.${section}`) },
        sheetName: t(`boardPackage.sheets.${section}`),
      })),
      pageLabel: (page, pages) => t('reports.page', { page, pages }),
    },
    fileName: `${t('boardPackage.file')}-${from}-${to}`,
  };
}
