import type { PayablesReport } from '@copro/domain';

/** The payables reports' addresses, kept apart from the API client so that they can be tested alone. */

export const payablesReportFiles = ['pdf', 'xlsx', 'csv'] as const;
export type PayablesReportFile = (typeof payablesReportFiles)[number];

/** What a report is asked for; each is left out of the address when it is not set. */
export interface PayablesReportParams {
  from?: string;
  to?: string;
  asOf?: string;
  bankUuid?: string;
}

const paramNames = ['from', 'to', 'asOf', 'bankUuid'] as const;

/** The report's address: JSON for the page, or a file the session cookie lets the browser download. */
export function payablesReportUrl(
  buildingRef: string,
  fiscalYear: string,
  report: PayablesReport,
  format: PayablesReportFile | 'json',
  params: PayablesReportParams = {},
): string {
  const query = paramNames
    .flatMap((name) => {
      const value = params[name];
      return value ? [`&${name}=${encodeURIComponent(value)}`] : [];
    })
    .join('');
  return (
    `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}` +
    `/payables-reports/${report}?format=${format}${query}`
  );
}
