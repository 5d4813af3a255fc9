import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  checkNumberingSchema,
  checkNumberingViewSchema,
  checkPrintSchema,
  checkVoidSchema,
  fileResponseSchema,
  recordUuidSchema,
  supplierPaymentViewSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { attachment } from '../../../platform/documents/attachment';
import { yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import { publishPayablesChange } from '../live';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { payablesContextOf, payablesWrite, readerOf } from '../route-context';
import { paymentView } from '../payments/payment-views';
import { bankOf, checkNumberingOf, setCheckNumbering } from './check-numbering';
import { printChecks } from './print-checks';
import { voidCheck } from './void-check';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const uuidParams = yearParams.extend({ uuid: z.uuid() });
const bankParams = z.object({ buildingRef: z.string().min(1).max(40), bankUuid: recordUuidSchema });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

const sendPdf = (reply: FastifyReply, fileName: string, body: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachment(fileName))
    // Suppliers' names and amounts: kept out of shared caches.
    .header('cache-control', 'no-store')
    .send(body);

/** DOMAIN 7: supplier checks printed, voided, and each bank's check numbering. */
export function checkRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  // No idempotency key: a print sent twice is refused the second time (already printed); printing
  // again is asked for as a reprint.
  api.post(
    `${base}/supplier-checks/print`,
    {
      config: write,
      schema: { params: yearParams, body: checkPrintSchema, response: { 200: fileResponseSchema } },
    },
    async (req, reply) => {
      const ctx = payablesContextOf(platform, req, await yearOf(platform.db, req));
      const { pdf, fileName } = await platform.db.transaction(async (tx) => {
        const printed = await printChecks(tx, ctx, req.body, platform.clock.now());
        await publishPayablesChange(tx, ctx.scope.buildingId);
        return printed;
      });
      return sendPdf(reply, fileName, pdf);
    },
  );

  api.post(
    `${base}/supplier-payments/:uuid/void-check`,
    {
      config: write,
      schema: { params: uuidParams, body: checkVoidSchema, response: { 200: supplierPaymentViewSchema } },
    },
    // The ledger announces the payment's cancelled transaction.
    async (req) =>
      payablesWrite(
        platform,
        req,
        async (tx, ctx) => {
          await voidCheck(tx, ctx, req.params.uuid, req.body.reason, platform.clock.now());
          return paymentView(tx, ctx.scope, req.params.uuid, readerOf(req));
        },
        { announce: false },
      ),
  );

  api.get(
    '/api/buildings/:buildingRef/banks/:bankUuid/check-numbering',
    { config: read, schema: { params: bankParams, response: { 200: checkNumberingViewSchema } } },
    async (req) => {
      const bank = await bankOf(platform.db, req, req.params.bankUuid);
      return checkNumberingOf(platform.db, buildingOf(req).building.id, bank.uuid);
    },
  );

  api.put(
    '/api/buildings/:buildingRef/banks/:bankUuid/check-numbering',
    {
      config: write,
      schema: { params: bankParams, body: checkNumberingSchema, response: { 200: checkNumberingViewSchema } },
    },
    async (req) => {
      const bank = await bankOf(platform.db, req, req.params.bankUuid);
      const who = { buildingId: buildingOf(req).building.id, source: userSource(userOf(req)) };
      return platform.db.transaction((tx) => setCheckNumbering(tx, who, bank, req.body.nextCheckNumber));
    },
  );
}
