import { queryOptions } from '@tanstack/react-query';
import type { BuildingReport, Language, ReportColumn } from '@copro/domain';
import { api } from '../../app/api';

export const reportFormats = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

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

/** The report's address: JSON for the page, or a file the session cookie lets the browser download. */
export const reportUrl = (
  buildingRef: string,
  fiscalYear: string,
  report: BuildingReport,
  format: ReportFormat | 'json',
): string =>
  `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${encodeURIComponent(fiscalYear)}` +
  `/reports/${report}?format=${format}`;

// Live events name a collection: the contact list follows people, the budget budgets, the others units.
const collectionOf = (report: BuildingReport): string =>
  report === 'contacts' ? 'people' : report === 'budget' ? 'budgets' : 'units';

/** The server writes roles and statuses in the user's language, so the language is part of the key. */
export const reportQuery = (
  buildingRef: string,
  fiscalYear: string,
  report: BuildingReport,
  language: Language,
) =>
  queryOptions({
    queryKey: ['building', buildingRef, collectionOf(report), 'report', fiscalYear, report, language],
    queryFn: ({ signal }) => api<ReportRows>(reportUrl(buildingRef, fiscalYear, report, 'json'), { signal }),
  });
