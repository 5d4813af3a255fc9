import { queryOptions } from '@tanstack/react-query';
import { isReceivablesReport, reportJsonSchema, type Language } from '@copro/domain';
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
      api(reportUrl(buildingRef, fiscalYear, report, 'json', params), { response: reportJsonSchema, signal }),
  });
