import type { BuildingReport, ReceivablesReport } from '@copro/domain';

export { receivablesReports, type ReceivablesReport } from '@copro/domain';

/** The reports' addresses, kept apart from the API client so that they can be tested alone. */

export const reportFormats = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** The receivables reports (DOMAIN 10) are asked for a date or a period, and for one unit or all. */
export type AnyReport = BuildingReport | ReceivablesReport;

/** What a report is asked for; each is left out of the address when it is not set. */
export interface ReportParams {
  from?: string;
  to?: string;
  asOf?: string;
  unitUuid?: string;
  bankUuid?: string;
}

const paramNames = ['from', 'to', 'asOf', 'unitUuid', 'bankUuid'] as const;
const queryOf = (params: ReportParams): string =>
  paramNames
    .flatMap((name) => {
      const value = params[name];
      return value ? [`&${name}=${encodeURIComponent(value)}`] : [];
    })
    .join('');

/**
 * A report's address under the year (`path`: `reports/<report>`, or another area's own reports):
 * JSON for the page, or a file the session cookie lets the browser download.
 */
export const yearReportUrl = (
  buildingRef: string,
  fiscalYear: string,
  path: string,
  format: ReportFormat | 'json',
  params: ReportParams = {},
): string =>
  `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}` +
  `/${path}?format=${format}${queryOf(params)}`;

/** The address of a registry, budget or receivables report. */
export const reportUrl = (
  buildingRef: string,
  fiscalYear: string,
  report: AnyReport,
  format: ReportFormat | 'json',
  params: ReportParams = {},
): string => yearReportUrl(buildingRef, fiscalYear, `reports/${report}`, format, params);
