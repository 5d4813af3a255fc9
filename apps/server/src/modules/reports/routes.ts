import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  fileResponseSchema,
  isReceivablesReport,
  isRegistryReport,
  receivablesReportQuerySchema,
  reportJsonSchema,
} from '@copro/domain';
import { notFound } from '../../platform/errors';
import { yearParams } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { inBuilding } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { budgetReportDocument } from './budget-report-data';
import { receivablesReportDocument } from '../receivables';
import { reportDocument } from './report-data';
import { attachment } from '../../platform/documents/attachment';
import { reportFiles } from './report-files';
import { reportJson } from './report-json';

const reportParams = yearParams.extend({ report: z.string().min(1).max(40) });
const reportQuery = z
  .object({ format: z.enum(['json', 'pdf', 'xlsx', 'csv']) })
  .extend(receivablesReportQuerySchema.shape);

/** A download: the bytes go as they are, past the response schema. */
const sendFile = (reply: FastifyReply, type: string, fileName: string, body: Buffer) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    // Names, emails and phones: kept out of shared caches and the browser's disk cache.
    .header('cache-control', 'no-store')
    .send(body);

/**
 * Registry reports (units/reports, people/reports), the budget report (categories/reports) and the
 * receivables reports (modules/receivables/unit-accounts): rows for the page, or a PDF or spreadsheet file.
 */
export function reportRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/reports/:report',
    {
      config: { permission: inBuilding('reports') },
      // The JSON form for the page; a PDF, spreadsheet or CSV file otherwise.
      schema: {
        params: reportParams,
        querystring: reportQuery,
        response: { 200: z.union([reportJsonSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const { report } = req.params;
      const loaded =
        report === 'budget'
          ? await budgetReportDocument(platform.db, req)
          : isRegistryReport(report)
            ? await reportDocument(platform.db, req, report)
            : isReceivablesReport(report)
              ? await receivablesReportDocument(platform.db, req, report, req.query)
              : null;
      if (!loaded) throw notFound();
      const { document, fileName } = loaded;
      const { format } = req.query;
      if (format === 'json') return reportJson(document);
      const file = reportFiles[format];
      return sendFile(reply, file.type, `${fileName}.${format}`, await file.render(document));
    },
  );
}
