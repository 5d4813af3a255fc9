import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isRegistryReport } from '@copro/domain';
import { AppError } from '../../platform/errors';
import { yearParams } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { inBuilding } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { renderCsv } from './render-csv';
import { renderPdf } from './render-pdf';
import { renderXlsx } from './render-xlsx';
import { reportDocument, type ReportDocument } from './report-data';

const reportParams = yearParams.extend({ report: z.string().min(1).max(40) });
const reportQuery = z.object({ format: z.enum(['json', 'pdf', 'xlsx', 'csv']) });

const files = {
  pdf: { type: 'application/pdf', render: renderPdf },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    render: renderXlsx,
  },
  csv: { type: 'text/csv; charset=utf-8', render: async (document: ReportDocument) => renderCsv(document) },
} as const;

/** The plain-ASCII name for old clients, the exact one for the others (RFC 6266). */
const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.normalize('NFD').replace(/[^\x20-\x7e]|["\\]/g, '')}"; ` +
  `filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Registry reports (units/reports, people/reports): rows for the page, or a PDF or spreadsheet file. */
export function reportRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/reports/:report',
    {
      config: { permission: inBuilding('reports') },
      schema: { params: reportParams, querystring: reportQuery },
    },
    async (req, reply) => {
      const { report } = req.params;
      if (!isRegistryReport(report)) throw new AppError('notFound');
      const { document, fileName } = await reportDocument(platform.db, req, report);
      const { format } = req.query;
      if (format === 'json') {
        return { columns: document.columns.map((column) => column.label), rows: document.rows };
      }
      const file = files[format];
      const body = await file.render(document);
      return (
        reply
          .type(file.type)
          .header('content-disposition', attachment(`${fileName}.${format}`))
          // Names, emails and phones: kept out of shared caches and the browser's disk cache.
          .header('cache-control', 'no-store')
          .send(body)
      );
    },
  );
}
