import { queryOptions } from '@tanstack/react-query';
import { isReceivablesReport, type Language, type ReportColumn } from '@copro/domain';
import { api } from '../../app/api';
import { reportUrl, type AnyReport, type ReportParams } from './report-url';

export {
  receivablesReports,
  reportFormats,
  reportUrl,
  type AnyReport,
  type ReceivablesReport,
  type ReportFormat,
  type ReportParams,
} from './report-url';

/** A table as the page shows it: column names in the user's language and rows of text. */
export interface ReportTableRows {
  /** Above the table when the report has several. */
  heading?: string;
  columns: string[];
  kinds: ReportColumn['kind'][];
  rows: string[][];
  /** The rows that sum up the others. */
  totalRows: number[];
}

/** A report as the page shows it: its first table, and the tables after it when it has several. */
export interface ReportRows extends ReportTableRows {
  title: string;
  /** What the reader must not miss (a budget that is only a draft). */
  notice?: string;
  emptyText: string;
  sections?: ReportTableRows[];
}

// Live events name a collection: the contact list follows people, the budget budgets, the
// receivables the ledger's transactions, the others units.
const collectionOf = (report: AnyReport): string =>
  report === 'contacts'
    ? 'people'
    : report === 'budget'
      ? 'budgets'
      : isReceivablesReport(report)
        ? 'transactions'
        : 'units';

/** The server writes roles and statuses in the user's language, so the language is part of the key. */
export const reportQuery = (
  buildingRef: string,
  fiscalYear: string,
  report: AnyReport,
  language: Language,
  params: ReportParams = {},
) =>
  queryOptions({
    queryKey: ['building', buildingRef, collectionOf(report), 'report', fiscalYear, report, language, params],
    queryFn: ({ signal }) =>
      api<ReportRows>(reportUrl(buildingRef, fiscalYear, report, 'json', params), { signal }),
  });
