import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkSchema,
  checkSeriesSaveSchema,
  checkStatuses,
  checkViewSchema,
  depositFiltersSchema,
  depositSchema,
  depositViewSchema,
  fileResponseSchema,
  isoDateSchema,
  noContentSchema,
  paymentSavedSchema,
  recordUuidSchema,
  returnedCheckAnswerSchema,
  returnedCheckSchema,
  returnedElectronicPaymentSchema,
  transactionViewSchema,
  unitChargeSchema,
  unitPaymentSchema,
  unitPenaltyChargeSchema,
  wireTransferSchema,
  wireTransferViewSchema,
} from '@copro/domain';
import type { Tx } from '../../db/client';
import { userSource } from '../../platform/audit';
import { yearOf, yearParams, type YearScope } from '../../platform/fiscal-year-scope';
import { writeOnce } from '../../platform/idempotency';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { renderCsv } from '../../platform/documents/render-csv';
import { renderPdf } from '../../platform/documents/render-pdf';
import { renderXlsx } from '../../platform/documents/render-xlsx';
import { deleteCheck, editCheck, listChecks, recordCheck, recordChecks } from './checks';
import type { MoneyInContext } from './context';
import { depositSlip, depositsExport } from './deposit-files';
import { createDeposit, getDeposit, listDeposits } from './deposits';
import { returnCheck, returnElectronicPayment } from './returned-payments';
import { chargePenalty, chargeUnit, recordUnitPayment } from './unit-transactions';
import { listWireTransfers, recordWireTransfer } from './wire-transfers';
import { attachment } from '../../platform/documents/attachment';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const uuidParams = yearParams.extend({ uuid: z.uuid() });
const checkFilters = z.object({
  status: z.enum(checkStatuses).optional(),
  unitUuid: recordUuidSchema.optional(),
});
const exportQuery = depositFiltersSchema.extend({ format: z.enum(['xlsx', 'csv']) });
const periodQuery = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

const sendFile = (reply: FastifyReply, type: string, fileName: string, body: Buffer) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    // Owners' names and amounts: kept out of shared caches.
    .header('cache-control', 'no-store')
    .send(body);

/** Money in (DOMAIN 4): unit payments and charges, checks, deposits, returned payments, wire transfers. */
export function receivablesRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const contextOf = (req: FastifyRequest, scope: YearScope): MoneyInContext => ({
    scope,
    source: userSource(userOf(req)),
    building: buildingOf(req).building,
    mailer: platform.mailer,
  });
  /**
   * Runs a write in one database transaction with its context; sent with an idempotency key (a
   * payment or check the user may send twice), it is done once and its retries get its answer.
   */
  const writing = async <T>(req: FastifyRequest, work: (tx: Tx, ctx: MoneyInContext) => Promise<T>) => {
    const ctx = contextOf(req, await yearOf(platform.db, req));
    return writeOnce(platform.db, platform.clock, req, (tx) => work(tx, ctx));
  };

  api.post(
    `${base}/unit-payments`,
    {
      config: write,
      schema: { params: yearParams, body: unitPaymentSchema, response: { 201: paymentSavedSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => recordUnitPayment(tx, ctx, req.body))),
  );

  api.post(
    `${base}/unit-charges`,
    {
      config: write,
      schema: { params: yearParams, body: unitChargeSchema, response: { 201: transactionViewSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => chargeUnit(tx, ctx, req.body))),
  );

  api.post(
    `${base}/unit-penalty-charges`,
    {
      config: write,
      schema: {
        params: yearParams,
        body: unitPenaltyChargeSchema,
        response: { 201: transactionViewSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => chargePenalty(tx, ctx, req.body))),
  );

  api.get(
    `${base}/checks`,
    {
      config: read,
      schema: { params: yearParams, querystring: checkFilters, response: { 200: checkViewSchema.array() } },
    },
    async (req) => listChecks(platform.db, await yearOf(platform.db, req), req.query),
  );

  api.post(
    `${base}/checks`,
    { config: write, schema: { params: yearParams, body: checkSchema, response: { 201: checkViewSchema } } },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => recordCheck(tx, ctx, req.body))),
  );

  api.post(
    `${base}/checks/series`,
    {
      config: write,
      schema: { params: yearParams, body: checkSeriesSaveSchema, response: { 201: checkViewSchema.array() } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => recordChecks(tx, ctx, req.body))),
  );

  api.put(
    `${base}/checks/:uuid`,
    { config: write, schema: { params: uuidParams, body: checkSchema, response: { 200: checkViewSchema } } },
    async (req) => writing(req, (tx, ctx) => editCheck(tx, ctx, req.params.uuid, req.body)),
  );

  api.delete(
    `${base}/checks/:uuid`,
    { config: write, schema: { params: uuidParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await writing(req, (tx, ctx) => deleteCheck(tx, ctx, req.params.uuid));
      return reply.code(204).send(null);
    },
  );

  api.get(
    `${base}/deposits`,
    {
      config: read,
      schema: {
        params: yearParams,
        querystring: depositFiltersSchema,
        response: { 200: depositViewSchema.array() },
      },
    },
    async (req) => listDeposits(platform.db, await yearOf(platform.db, req), req.query),
  );

  api.get(
    `${base}/deposits/export`,
    {
      config: read,
      schema: { params: yearParams, querystring: exportQuery, response: { 200: fileResponseSchema } },
    },
    async (req, reply) => {
      const { format, ...filters } = req.query;
      const { document, fileName } = await depositsExport(platform.db, req, filters);
      return format === 'xlsx'
        ? sendFile(
            reply,
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            `${fileName}.xlsx`,
            await renderXlsx(document),
          )
        : sendFile(reply, 'text/csv; charset=utf-8', `${fileName}.csv`, renderCsv(document));
    },
  );

  api.get(
    `${base}/deposits/:uuid`,
    { config: read, schema: { params: uuidParams, response: { 200: depositViewSchema } } },
    async (req) => getDeposit(platform.db, await yearOf(platform.db, req), req.params.uuid),
  );

  api.get(
    `${base}/deposits/:uuid/slip`,
    { config: read, schema: { params: uuidParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const { document, fileName } = await depositSlip(platform.db, req, req.params.uuid);
      return sendFile(reply, 'application/pdf', `${fileName}.pdf`, await renderPdf(document));
    },
  );

  api.post(
    `${base}/deposits`,
    {
      config: write,
      schema: { params: yearParams, body: depositSchema, response: { 201: depositViewSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => createDeposit(tx, ctx, req.body))),
  );

  api.post(
    `${base}/returned-checks`,
    {
      config: write,
      schema: { params: yearParams, body: returnedCheckSchema, response: { 201: returnedCheckAnswerSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => returnCheck(tx, ctx, req.body))),
  );

  api.get(
    `${base}/wire-transfers`,
    {
      config: read,
      schema: {
        params: yearParams,
        querystring: periodQuery,
        response: { 200: wireTransferViewSchema.array() },
      },
    },
    async (req) => listWireTransfers(platform.db, await yearOf(platform.db, req), req.query),
  );

  api.post(
    `${base}/wire-transfers`,
    {
      config: write,
      schema: { params: yearParams, body: wireTransferSchema, response: { 201: transactionViewSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => recordWireTransfer(tx, ctx, req.body))),
  );

  api.post(
    `${base}/returned-electronic-payments`,
    {
      config: write,
      schema: {
        params: yearParams,
        body: returnedElectronicPaymentSchema,
        response: { 201: transactionViewSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => returnElectronicPayment(tx, ctx, req.body))),
  );
}
