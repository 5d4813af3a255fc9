import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  approvalDecisionSchema,
  approvalRulesSchema,
  cancelPaymentSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentNoteSchema,
  payablesDashboardSchema,
  supplierPaymentSavedSchema,
  supplierPaymentSchema,
  supplierPaymentViewSchema,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { userSource } from '../../../platform/audit';
import { todayOf } from '../../../platform/clock';
import { yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import type { PayablesContext } from '../context';
import { payablesWrite, readerOf } from '../route-context';
import { cancelSupplierPayment } from './cancel-payment';
import { createSupplierPayment, LowBalanceWarning } from './create-payment';
import { payablesDashboard } from './dashboard';
import { addPaymentNote, decidePayment } from './decisions';
import { listPayments, paymentView } from './payment-views';
import { approvalRules, saveApprovalRules } from './rules';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const uuidParams = yearParams.extend({ uuid: z.uuid() });
const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });

/** Supplier payments and their approvals (DOMAIN 7), approval rules, the payables dashboard. */
export function paymentRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  const publicUrl = platform.config.publicUrl;
  const writing = <T>(req: FastifyRequest, work: (tx: Tx, ctx: PayablesContext) => Promise<T>) =>
    payablesWrite(platform, req, work, { announce: true });

  api.post(
    `${base}/supplier-payments`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: {
        params: yearParams,
        body: supplierPaymentSchema,
        response: { 200: supplierPaymentSavedSchema, 201: supplierPaymentSavedSchema },
      },
    },
    async (req, reply) => {
      try {
        const saved = await writing(req, (tx, ctx) =>
          createSupplierPayment(tx, ctx, publicUrl, readerOf(req), req.body),
        );
        return reply.code(201).send(saved);
      } catch (error) {
        // The warning is an answer, not a failure: the user confirms with acceptLowBalance.
        if (error instanceof LowBalanceWarning)
          return reply.code(200).send({ payment: null, lowBalance: error.lowBalance });
        throw error;
      }
    },
  );

  api.get(
    `${base}/supplier-payments`,
    {
      config: { permission: inBuilding('approval.view') },
      schema: {
        params: yearParams,
        querystring: paymentListQuerySchema,
        response: { 200: paymentListSchema },
      },
    },
    async (req) => listPayments(platform.db, await yearOf(platform.db, req), req.query, readerOf(req)),
  );

  api.get(
    `${base}/supplier-payments/:uuid`,
    {
      config: { permission: inBuilding('approval.view') },
      schema: { params: uuidParams, response: { 200: supplierPaymentViewSchema } },
    },
    async (req) => paymentView(platform.db, await yearOf(platform.db, req), req.params.uuid, readerOf(req)),
  );

  api.post(
    `${base}/supplier-payments/:uuid/decision`,
    {
      config: { permission: inBuilding('payments.approve') },
      schema: {
        params: uuidParams,
        body: approvalDecisionSchema,
        response: { 200: supplierPaymentViewSchema },
      },
    },
    async (req) =>
      writing(req, (tx, ctx) => decidePayment(tx, ctx, publicUrl, readerOf(req), req.params.uuid, req.body)),
  );

  api.post(
    `${base}/supplier-payments/:uuid/notes`,
    {
      config: { permission: inBuilding('approval.note') },
      schema: { params: uuidParams, body: paymentNoteSchema, response: { 200: supplierPaymentViewSchema } },
    },
    async (req) =>
      writing(req, (tx, ctx) =>
        addPaymentNote(tx, ctx, publicUrl, readerOf(req), req.params.uuid, req.body.note),
      ),
  );

  api.post(
    `${base}/supplier-payments/:uuid/cancel`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: uuidParams, body: cancelPaymentSchema, response: { 200: supplierPaymentViewSchema } },
    },
    async (req) =>
      writing(req, async (tx, ctx) => {
        await cancelSupplierPayment(tx, ctx, req.params.uuid, req.body.reason);
        return paymentView(tx, ctx.scope, req.params.uuid, readerOf(req));
      }),
  );

  api.get(
    '/api/buildings/:buildingRef/approval-rules',
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: buildingParams, response: { 200: approvalRulesSchema } },
    },
    async (req) => approvalRules(platform.db, buildingOf(req).building.id),
  );

  api.put(
    '/api/buildings/:buildingRef/approval-rules',
    {
      config: { permission: inBuilding('building.edit') },
      schema: { params: buildingParams, body: approvalRulesSchema, response: { 200: approvalRulesSchema } },
    },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        saveApprovalRules(tx, buildingOf(req).building.id, userSource(userOf(req)), req.body),
      ),
  );

  api.get(
    `${base}/payables-dashboard`,
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: yearParams, response: { 200: payablesDashboardSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const today = await todayOf(platform.db, platform.clock, scope.buildingId);
      return payablesDashboard(platform.db, scope, today, readerOf(req));
    },
  );
}
