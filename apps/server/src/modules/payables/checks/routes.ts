import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  can,
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
import { yearOf, yearParams, type YearScope } from '../../../platform/fiscal-year-scope';
import { writeOnce } from '../../../platform/idempotency';
import { publishPayablesChange } from '../live';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import type { PayablesContext } from '../context';
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
  const contextOf = (req: FastifyRequest, scope: YearScope): PayablesContext => ({
    scope,
    source: userSource(userOf(req)),
    user: userOf(req),
    building: buildingOf(req).building,
    mailer: platform.mailer,
  });
  const readerOf = (req: FastifyRequest) => {
    const access = buildingOf(req);
    return {
      userId: userOf(req).id,
      canApprove: can({ role: access.role, banned: access.banned }, 'payments.approve', access.policy),
    };
  };

  // No idempotency key: a print sent twice is refused the second time (already printed); printing
  // again is asked for as a reprint.
  api.post(
    `${base}/supplier-checks/print`,
    {
      config: write,
      schema: { params: yearParams, body: checkPrintSchema, response: { 200: fileResponseSchema } },
    },
    async (req, reply) => {
      const ctx = contextOf(req, await yearOf(platform.db, req));
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
    async (req) => {
      const ctx = contextOf(req, await yearOf(platform.db, req));
      return writeOnce(platform.db, platform.clock, req, async (tx) => {
        await voidCheck(tx, ctx, req.params.uuid, req.body.reason, platform.clock.now());
        return paymentView(tx, ctx.scope, req.params.uuid, readerOf(req));
      });
    },
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
