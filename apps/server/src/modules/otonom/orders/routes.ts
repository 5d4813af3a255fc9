import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  approveOrdersAnswerSchema,
  approveOrdersSchema,
  debitRunAnswerSchema,
  debitRunSchema,
  orderStatusChangeSchema,
  padOrderPageSchema,
  padOrderQuerySchema,
  padOrderViewSchema,
} from '@copro/domain';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { requestContext } from '../context';
import { registerOtonomDebits } from './debit-job';
import { approveOrders, changeOrderStatus, runDebitsAsked } from './order-actions';
import { getOrder, listOrders } from './order-list';

const base = '/api/buildings/:buildingRef/otonom';
const params = z.object({ buildingRef: z.string().min(1).max(40) });
const orderParams = params.extend({ uuid: z.uuid() });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };
const approve = { permission: inBuilding('payments.approve') };

/** The orders of payments/otonom (DOMAIN 8): the list, one order, a status by hand, approval, the monthly run. */
export function orderRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerOtonomDebits(platform);

  api.get(
    `${base}/orders`,
    {
      config: read,
      schema: { params, querystring: padOrderQuerySchema, response: { 200: padOrderPageSchema } },
    },
    async (req) => listOrders(platform.db, buildingOf(req).building.id, req.query),
  );

  api.get(
    `${base}/orders/:uuid`,
    { config: read, schema: { params: orderParams, response: { 200: padOrderViewSchema } } },
    async (req) => getOrder(platform.db, buildingOf(req).building.id, req.params.uuid),
  );

  api.post(
    `${base}/orders/:uuid/status`,
    {
      config: write,
      schema: { params: orderParams, body: orderStatusChangeSchema, response: { 200: padOrderViewSchema } },
    },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        changeOrderStatus(tx, requestContext(req, platform), req.params.uuid, req.body),
      ),
  );

  api.post(
    `${base}/orders/approve`,
    {
      config: approve,
      schema: { params, body: approveOrdersSchema, response: { 200: approveOrdersAnswerSchema } },
    },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        approveOrders(tx, requestContext(req, platform), req.body.orderUuids),
      ),
  );

  api.post(
    `${base}/debit-run`,
    {
      config: write,
      // No body at all is a run as of the building's today, like an empty one.
      schema: { params, body: debitRunSchema.optional(), response: { 200: debitRunAnswerSchema } },
    },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        runDebitsAsked(tx, requestContext(req, platform), req.body?.asOf),
      ),
  );
}
