import { queryOptions } from '@tanstack/react-query';
import { reportJsonSchema, type BankReport, type Language } from '@copro/domain';
import { api } from '../../app/api';
import { yearReportUrl, type ReportFormat } from '../reports';
import { reconciliationKey } from './query-keys';

/**
 * A bank report's address (routes-16: GET …/fiscal-years/:fiscalYear/bank-reports/:report with
 * `at`): its tables as JSON for the page, or a file the session cookie lets the browser download.
 */
export function bankReportUrl(
  buildingRef: string,
  fiscalYear: string,
  report: BankReport,
  format: ReportFormat | 'json',
  at: string,
): string {
  const url = yearReportUrl(buildingRef, fiscalYear, `bank-reports/${report}`, format);
  return at ? `${url}&at=${encodeURIComponent(at)}` : url;
}

/**
 * A bank report's tables, written by the server in the reader's language (hence the language in
 * the key). They follow the ledger's transactions, the banks and the reconciliations.
 */
export const bankReportQuery = (
  buildingRef: string,
  fiscalYear: string,
  report: BankReport,
  language: Language,
  at: string,
) =>
  queryOptions({
    queryKey: [...reconciliationKey(buildingRef), 'bank-report', fiscalYear, report, language, at],
    queryFn: ({ signal }) =>
      api(bankReportUrl(buildingRef, fiscalYear, report, 'json', at), { response: reportJsonSchema, signal }),
    meta: { liveCollections: ['transactions', 'banks'] },
  });
