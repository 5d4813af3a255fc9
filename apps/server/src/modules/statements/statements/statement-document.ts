import {
  clampToYear,
  longDate,
  previousPeriod,
  translate,
  type ComparedPeriod,
  type FinancialStatement,
  type Language,
  type StatementCharts,
  type StatementQuery,
  type StatementTableFormat,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { BuildingRow } from '../../../platform/access';
import { spreadsheetMoneyFormat } from '../../../platform/documents/render-xlsx';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { ReportDocument } from '../../reports';
import { previousYear, yearBounds, yearFigures, type YearBounds, type YearFigures } from './statement-data';
import { drawTables } from './statement-drawing';

export interface StatementDocumentInput {
  scope: YearScope;
  building: BuildingRow;
  /** The reader's language; the building's for the board package. */
  language: Language;
  /** The building's today. */
  today: string;
  statement: FinancialStatement;
  query: StatementQuery;
}

/** A statement drawn: its document (the notices in its `notice`), its warnings and charts apart. */
export interface StatementDrawing {
  document: ReportDocument;
  fileName: string;
  from: string;
  to: string;
  /** What the reader must see (a fund's money in another fund's accounts, books that do not balance). */
  warnings: string[];
  /** What the reader should know (a draft budget, a cut general ledger, no previous year). */
  notices: string[];
  charts: StatementCharts;
}

const yearName = (year: YearBounds): string =>
  year.start.slice(0, 4) === year.end.slice(0, 4)
    ? year.start.slice(0, 4)
    : `${year.start.slice(0, 4)}–${year.end.slice(0, 4)}`;

/**
 * The period a statement covers: `from` and `to` as asked, by default the year's first day and
 * the earlier of today and the year's last day; the balance sheet starts on the year's first day
 * whatever `from` says (it is at a date). Both must lie in the fiscal year, `from` not after `to`.
 */
export function statementPeriod(
  statement: FinancialStatement,
  query: Pick<StatementQuery, 'from' | 'to'>,
  year: YearBounds,
  today: string,
): ComparedPeriod {
  const to = query.to ?? clampToYear(today, year.start, year.end);
  const from = statement === 'balance-sheet' ? year.start : (query.from ?? year.start);
  const outside = (path: 'from' | 'to', date: string) =>
    date < year.start
      ? [{ path: [path], key: 'validation.dateTooEarly' }]
      : date > year.end
        ? [{ path: [path], key: 'validation.dateTooLate' }]
        : [];
  const issues = [...outside('from', from), ...outside('to', to)];
  if (issues.length === 0 && to < from) issues.push({ path: ['to'], key: 'validation.dateTooEarly' });
  if (issues.length > 0) throw new AppError('validation', issues);
  return { from, to };
}

/**
 * A financial statement (DOMAIN 10) as a document to draw in `language`: the page's tables, the
 * PDF, the spreadsheet and the CSV all come from it. `statementDocument` is what the board package
 * asks for; the route also needs the notices apart from the warnings.
 */
export async function drawStatement(db: DbOrTx, input: StatementDocumentInput): Promise<StatementDrawing> {
  const { scope, building, language, today, statement, query } = input;
  const format: StatementTableFormat = { language, currency: building.currency };
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const year = await yearBounds(db, scope);
  const period = statementPeriod(statement, query, year, today);
  const current = await yearFigures(db, scope, period, language);

  // The same period of the previous year, for the comparative column.
  let previous: YearFigures | null = null;
  const notices: string[] = [];
  if (query.compare && statement !== 'general-ledger') {
    const before = await previousYear(db, scope);
    const span = before ? previousPeriod(period, before) : null;
    if (before && span) {
      const prevScope = { buildingId: scope.buildingId, fiscalYear: before.start };
      previous = await yearFigures(
        db,
        prevScope,
        statement === 'balance-sheet' ? { ...span, from: before.start } : span,
        language,
      );
    } else notices.push(t('financialStatements.notices.noPreviousYear'));
  }

  const drawn = await drawTables(db, { statement, query, current, previous, format, scope, notices });

  const about = [
    statement === 'balance-sheet'
      ? t('financialStatements.about.atDate', { date: longDate(period.to, language) })
      : t('financialStatements.about.period', {
          from: longDate(period.from, language),
          to: longDate(period.to, language),
        }),
    ...(query.fund !== 'all' ? [t(`financialStatements.fundNames.${query.fund}`)] : []),
    ...(previous
      ? [
          statement === 'balance-sheet'
            ? t('financialStatements.about.comparedAt', { date: longDate(previous.period.to, language) })
            : t('financialStatements.about.compared', {
                from: longDate(previous.period.from, language),
                to: longDate(previous.period.to, language),
              }),
        ]
      : []),
  ];
  const subtitle = [
    translate(language, 'reports.subtitle', {
      building: building.name,
      year: yearName(year),
      date: longDate(today, language),
    }),
    ...about,
  ].join(' · ');
  const [first, ...sections] = drawn.tables;
  if (!first) throw new Error(`the ${statement} statement has no table`);
  const document: ReportDocument = {
    ...first,
    title: t(`financialStatements.titles.${statement}`),
    subtitle,
    ...(drawn.notices.length > 0 ? { notice: drawn.notices.join(' ') } : {}),
    ...(sections.length > 0 ? { sections } : {}),
    moneyFormat: spreadsheetMoneyFormat(building.currency, language),
    emptyText: translate(language, 'reports.empty'),
    pageLabel: (page, pages) => translate(language, 'reports.page', { page, pages }),
  };
  const dates = statement === 'balance-sheet' ? period.to : `${period.from}-${period.to}`;
  return {
    document,
    fileName: `${t(`financialStatements.files.${statement}`)}-${dates}`,
    from: period.from,
    to: period.to,
    warnings: drawn.warnings,
    notices: drawn.notices,
    charts: drawn.charts,
  };
}

/**
 * The statement for the board package, in the building's language: the warnings head its notice,
 * so the drawn document shows them.
 */
export async function statementDocument(
  db: DbOrTx,
  input: StatementDocumentInput,
): Promise<{
  document: ReportDocument;
  fileName: string;
  from: string;
  to: string;
  warnings: string[];
  charts: StatementCharts;
}> {
  const drawn = await drawStatement(db, input);
  const notice = [...drawn.warnings, ...drawn.notices].join(' ');
  return {
    document: { ...drawn.document, ...(notice ? { notice } : {}) },
    fileName: drawn.fileName,
    from: drawn.from,
    to: drawn.to,
    warnings: drawn.warnings,
    charts: drawn.charts,
  };
}
