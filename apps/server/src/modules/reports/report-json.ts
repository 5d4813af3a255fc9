import { cellText, type ReportJson, type ReportTableJson } from '@copro/domain';
import type { ReportDocument, ReportTableDocument } from './report-data';

/** A table as the page shows it: headers, and cells as text. */
const jsonTable = (table: ReportTableDocument): ReportTableJson => ({
  ...(table.heading !== undefined ? { heading: table.heading } : {}),
  columns: table.columns.map((column) => column.label),
  kinds: table.columns.map((column) => column.kind),
  rows: table.rows.map((row) => row.map(cellText)),
  totalRows: [...(table.totalRows ?? [])],
});

/** A report's JSON form (`reportJsonSchema`): its title and notice, and its tables. */
export const reportJson = (document: ReportDocument): ReportJson => ({
  title: document.title,
  ...(document.notice !== undefined ? { notice: document.notice } : {}),
  emptyText: document.emptyText,
  ...jsonTable(document),
  ...(document.sections ? { sections: document.sections.map(jsonTable) } : {}),
});
