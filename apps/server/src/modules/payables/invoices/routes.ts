import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  attachmentRefSchema,
  billbackSchema,
  billbacksAnswerSchema,
  cancelInvoiceSchema,
  fileResponseSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  supplierInvoiceSchema,
  supplierInvoiceViewSchema,
  supplierPayablesSchema,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { transactionWithFiles } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import type { PayablesContext } from '../context';
import { payablesWrite } from '../route-context';
import { addBillbacks, billbacksOf } from './billbacks';
import { invoiceFileKey, storeInvoiceFile, uploadedPdf, withPdfUploads } from './invoice-files';
import { listInvoices, supplierPayables } from './invoice-list';
import { invoiceOrNotFound, invoiceView } from './invoice-views';
import { cancelInvoice, createInvoice } from './invoices';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const invoices = `${base}/supplier-invoices`;
const uuidParams = yearParams.extend({ uuid: z.uuid() });
const fileParams = uuidParams.extend({ fileId: z.uuid() });
const supplierParams = yearParams.extend({ supplierUuid: z.uuid() });

/** A PDF the browser opens in place; the bytes go as they are, past the response schema. */
const sendInlinePdf = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(bytes);

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

/** Supplier invoices and credit notes, their PDFs and billbacks (DOMAIN 7). */
export function invoiceRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  // The ledger announces what invoices and billbacks post.
  const writing = <T>(req: FastifyRequest, work: (tx: Tx, ctx: PayablesContext) => Promise<T>) =>
    payablesWrite(platform, req, work, { announce: false });

  api.get(
    invoices,
    {
      config: read,
      schema: {
        params: yearParams,
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (req) => listInvoices(platform.db, await yearOf(platform.db, req), req.query, req.ctx.language),
  );

  api.post(
    invoices,
    {
      config: write,
      schema: {
        params: yearParams,
        body: supplierInvoiceSchema,
        response: { 201: supplierInvoiceViewSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await writing(req, (tx, ctx) => createInvoice(tx, ctx, platform.storage, req.body))),
  );

  api.get(
    `${invoices}/:uuid`,
    { config: read, schema: { params: uuidParams, response: { 200: supplierInvoiceViewSchema } } },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      return invoiceView(
        platform.db,
        scope,
        await invoiceOrNotFound(platform.db, scope, req.params.uuid),
        req.ctx.language,
      );
    },
  );

  api.post(
    `${invoices}/:uuid/cancel`,
    {
      config: write,
      schema: { params: uuidParams, body: cancelInvoiceSchema, response: { 200: supplierInvoiceViewSchema } },
    },
    async (req) => writing(req, (tx, ctx) => cancelInvoice(tx, ctx, req.params.uuid, req.body.reason)),
  );

  withPdfUploads(app, (scoped) => {
    typed(scoped).post(
      `${invoices}/files`,
      { config: write, schema: { params: yearParams, response: { 201: attachmentRefSchema } } },
      async (req, reply) => {
        const scope = await yearOf(platform.db, req);
        const upload = await uploadedPdf(req);
        const stored = await transactionWithFiles(platform.db, platform.storage, async (tx, files) => {
          // An archived year takes no file, as it takes no invoice.
          await lockWritableYear(tx, scope);
          return storeInvoiceFile(files, scope, upload);
        });
        return reply.code(201).send(stored);
      },
    );
  });

  api.get(
    `${invoices}/:uuid/files/:fileId`,
    { config: read, schema: { params: fileParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const invoice = await invoiceOrNotFound(platform.db, scope, req.params.uuid);
      const file = invoice.attachments.find((a) => a.fileId === req.params.fileId);
      const bytes = file ? await platform.storage.get(invoiceFileKey(scope.buildingId, file.fileId)) : null;
      if (!file || !bytes) throw new AppError('notFound');
      return sendInlinePdf(reply, file.fileName, bytes);
    },
  );

  api.get(
    `${invoices}/:uuid/billbacks`,
    { config: read, schema: { params: uuidParams, response: { 200: billbacksAnswerSchema } } },
    async (req) => ({
      billbacks: await billbacksOf(platform.db, await yearOf(platform.db, req), req.params.uuid),
    }),
  );

  api.post(
    `${invoices}/:uuid/billbacks`,
    {
      config: write,
      schema: { params: uuidParams, body: billbackSchema, response: { 201: billbacksAnswerSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => addBillbacks(tx, ctx, req.params.uuid, req.body))),
  );

  api.get(
    `${base}/suppliers/:supplierUuid/payables`,
    { config: read, schema: { params: supplierParams, response: { 200: supplierPayablesSchema } } },
    async (req) =>
      supplierPayables(
        platform.db,
        await yearOf(platform.db, req),
        req.params.supplierUuid,
        req.ctx.language,
      ),
  );
}
