import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bankReports,
  clampToYear,
  fileResponseSchema,
  isoDateSchema,
  reportJsonSchema,
  type FieldIssue,
} from '@copro/domain';
import { attachment } from '../../../platform/documents/attachment';
import { AppError } from '../../../platform/errors';
import { yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { reportContext, reportFiles, reportJson } from '../../reports';
import { bankReportDocument } from './bank-report-documents';

const params = yearParams.extend({ report: z.enum(bankReports) });
const query = z.object({
  /** A day of the fiscal year; today by default, kept inside the year. */
  at: isoDateSchema.optional(),
  format: z.enum(['json', 'pdf', 'xlsx', 'csv']).default('json'),
});

/** A download: the bytes go as they are, past the response schema. */
const sendFile = (reply: FastifyReply, type: string, fileName: string, body: Buffer) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    // What the building holds in its banks: kept out of shared caches and the browser's disk cache.
    .header('cache-control', 'no-store')
    .send(body);

/** Issue 16: `banks/reports` (balances, reconciliation status, outstanding items) as JSON or a file. */
export function bankReportRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/bank-reports/:report',
    {
      config: { permission: inBuilding('banks.reconciliation.read') },
      schema: {
        params,
        querystring: query,
        response: { 200: z.union([reportJsonSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const ctx = await reportContext(platform.db, req);
      const { yearEnd } = ctx;
      const at = req.query.at ?? clampToYear(ctx.today, ctx.scope.fiscalYear, yearEnd);
      // A balance in the books is the fiscal year's: a day outside it is another year's report.
      if (at < ctx.scope.fiscalYear || at > yearEnd) {
        const issue: FieldIssue = {
          path: ['at'],
          key: at < ctx.scope.fiscalYear ? 'validation.dateTooEarly' : 'validation.dateTooLate',
        };
        throw new AppError('validation', [issue]);
      }
      const { document, fileName } = await bankReportDocument(
        platform.db,
        { ...ctx, currency: ctx.building.currency },
        req.params.report,
        at,
      );
      const { format } = req.query;
      if (format === 'json') return reportJson(document);
      const { type, render } = reportFiles[format];
      return sendFile(reply, type, `${fileName}.${format}`, await render(document));
    },
  );
}
