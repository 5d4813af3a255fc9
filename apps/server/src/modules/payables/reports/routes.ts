import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  checkRegisterQuerySchema,
  checkRegisterSchema,
  checkRegisterTable,
  fileResponseSchema,
  invoicesByCategorySchema,
  invoicesByCategoryTable,
  payablesAgingQuerySchema,
  payablesAgingSchema,
  payablesAgingTable,
  payablesPeriodQuerySchema,
  paymentsByMethodSchema,
  paymentsByMethodTable,
  supplierTotalsQuerySchema,
  supplierTotalsSchema,
  supplierTotalsTable,
  type PayablesReport,
  type PayablesReportTable,
} from '@copro/domain';
import { attachment } from '../../../platform/documents/attachment';
import { yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { reportFiles, type ReportDocument } from '../../reports';
import { payablesReportDocument } from './documents';
import {
  agingDateOf,
  checkRegister,
  invoicesByCategory,
  payablesAging,
  payablesReportContext,
  paymentsByMethod,
  periodOf,
  supplierTotals,
  type PayablesReportContext,
} from './report-data';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/payables-reports';

type Format = 'json' | keyof typeof reportFiles;

/** The figures for the page, or the same figures drawn as a file in the reader's language. */
async function answer<T>(
  reply: FastifyReply,
  format: Format,
  figures: T,
  file: () => { document: ReportDocument; fileName: string },
): Promise<T | FastifyReply> {
  if (format === 'json') return figures;
  const { document, fileName } = file();
  const { type, render } = reportFiles[format];
  return (
    reply
      .type(type)
      .header('content-disposition', attachment(`${fileName}.${format}`))
      // What the building owes and paid whom: kept out of shared caches and the browser's disk cache.
      .header('cache-control', 'no-store')
      .send(await render(document))
  );
}

/** The report's table in the reader's language and conventions. */
const tableFormat = (ctx: PayablesReportContext) => ({
  language: ctx.language,
  currency: ctx.building.currency,
});

/** A report of a period as a file, its table drawn only when a file is asked for. */
const periodFile =
  (
    ctx: PayablesReportContext,
    report: PayablesReport,
    table: () => PayablesReportTable,
    period: { from: string; to: string },
  ) =>
  () =>
    payablesReportDocument(ctx, report, table(), {
      about: ctx.t('payablesReports.period', period),
      fileSuffix: `${period.from}-${period.to}`,
    });

/** Issue 15: `suppliers/reports` and `payments/reports`, each as JSON, PDF, XLSX or CSV. */
export function payablesReportRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const config = { permission: inBuilding('reports') };

  api.get(
    `${base}/aging`,
    {
      config,
      schema: {
        params: yearParams,
        querystring: payablesAgingQuerySchema,
        response: { 200: z.union([payablesAgingSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const ctx = await payablesReportContext(platform.db, req);
      const asOf = agingDateOf(ctx, req.query.asOf);
      const aging = await payablesAging(platform.db, ctx, asOf);
      return answer(reply, req.query.format, aging, () =>
        payablesReportDocument(ctx, 'aging', payablesAgingTable(aging, tableFormat(ctx)), {
          about: ctx.t('payablesReports.aging.asOf', { date: asOf }),
          fileSuffix: asOf,
        }),
      );
    },
  );

  api.get(
    `${base}/invoices-by-category`,
    {
      config,
      schema: {
        params: yearParams,
        querystring: payablesPeriodQuerySchema,
        response: { 200: z.union([invoicesByCategorySchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const ctx = await payablesReportContext(platform.db, req);
      const period = periodOf(ctx, req.query);
      const report = await invoicesByCategory(platform.db, ctx, period);
      return answer(
        reply,
        req.query.format,
        report,
        periodFile(
          ctx,
          'invoices-by-category',
          () => invoicesByCategoryTable(report, tableFormat(ctx)),
          period,
        ),
      );
    },
  );

  api.get(
    `${base}/supplier-totals`,
    {
      config,
      schema: {
        params: yearParams,
        querystring: supplierTotalsQuerySchema,
        response: { 200: z.union([supplierTotalsSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const ctx = await payablesReportContext(platform.db, req);
      const totals = await supplierTotals(platform.db, ctx);
      return answer(reply, req.query.format, totals, () =>
        payablesReportDocument(ctx, 'supplier-totals', supplierTotalsTable(totals, tableFormat(ctx)), {
          fileSuffix: ctx.scope.fiscalYear,
        }),
      );
    },
  );

  api.get(
    `${base}/check-register`,
    {
      config,
      schema: {
        params: yearParams,
        querystring: checkRegisterQuerySchema,
        response: { 200: z.union([checkRegisterSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const ctx = await payablesReportContext(platform.db, req);
      const period = periodOf(ctx, req.query);
      const register = await checkRegister(platform.db, ctx, period, req.query.bankUuid);
      return answer(
        reply,
        req.query.format,
        register,
        periodFile(ctx, 'check-register', () => checkRegisterTable(register, tableFormat(ctx)), period),
      );
    },
  );

  api.get(
    `${base}/payments-by-method`,
    {
      config,
      schema: {
        params: yearParams,
        querystring: payablesPeriodQuerySchema,
        response: { 200: z.union([paymentsByMethodSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const ctx = await payablesReportContext(platform.db, req);
      const period = periodOf(ctx, req.query);
      const report = await paymentsByMethod(platform.db, ctx, period);
      return answer(
        reply,
        req.query.format,
        report,
        periodFile(ctx, 'payments-by-method', () => paymentsByMethodTable(report, tableFormat(ctx)), period),
      );
    },
  );
}
