import { queryOptions } from '@tanstack/react-query';
import type { Language, RegistryReport } from '@copro/domain';
import { api } from '../../app/api';

export const reportFormats = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** A report as the page shows it: column names in the user's language and rows of text. */
export interface ReportRows {
  columns: string[];
  rows: string[][];
}

/** The report's address: JSON for the page, or a file the session cookie lets the browser download. */
export const reportUrl = (
  buildingRef: string,
  fiscalYear: string,
  report: RegistryReport,
  format: ReportFormat | 'json',
): string =>
  `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}` +
  `/reports/${report}?format=${format}`;

// Live events name a collection: the contact list follows people, the other reports units.
const collectionOf = (report: RegistryReport): string => (report === 'contacts' ? 'people' : 'units');

/** The server writes roles and statuses in the user's language, so the language is part of the key. */
export const reportQuery = (
  buildingRef: string,
  fiscalYear: string,
  report: RegistryReport,
  language: Language,
) =>
  queryOptions({
    queryKey: ['building', buildingRef, collectionOf(report), 'report', fiscalYear, report, language],
    queryFn: ({ signal }) => api<ReportRows>(reportUrl(buildingRef, fiscalYear, report, 'json'), { signal }),
  });
