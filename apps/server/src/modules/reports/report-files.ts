import { renderCsv } from '../../platform/documents/render-csv';
import { renderPdf } from '../../platform/documents/render-pdf';
import { renderXlsx } from '../../platform/documents/render-xlsx';
import type { ReportDocument } from './report-data';

/** Each file a report downloads as: its media type, and how its document is drawn. */
export const reportFiles = {
  pdf: { type: 'application/pdf', render: renderPdf },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    render: renderXlsx,
  },
  csv: { type: 'text/csv; charset=utf-8', render: async (document: ReportDocument) => renderCsv(document) },
} as const;
