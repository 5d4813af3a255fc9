import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  approveOrdersSchema,
  buildingToday,
  debitRunAnswerSchema,
  isoDateSchema,
  orderStatusChangeSchema,
  padOrderPageSchema,
  padOrderQuerySchema,
  padOrderViewSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import type { OtonomContext } from '../context';
import { padSettingsRow } from '../settings/settings';
import { registerOtonomDebits } from './debit-job';
import { runDebits } from './debit-run';
import { approveOrders, changeOrderStatus } from './order-actions';
import { getOrder, listOrders, orderViews } from './order-list';

const base = '/api/buildings/:buildingRef/otonom';
const params = z.object({ buildingRef: z.string().min(1).max(40) });
const orderParams = params.extend({ uuid: z.uuid() });
/** The monthly run asked by hand: as of a date, the building's today when omitted. */
const debitRunSchema = z.object({ asOf: isoDateSchema.optional() }).optional();
const approvedSchema = z.object({ approved: z.number().int().min(0) });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };
const approve = { permission: inBuilding('payments.approve') };

/** Who acts, in which building, with the platform's mail and clock. */
function contextOf(platform: Platform, req: FastifyRequest): OtonomContext {
  const user = userOf(req);
  return {
    source: userSource(user),
    sourceName: user.name,
    building: buildingOf(req).building,
    mailer: platform.mailer,
    now: platform.clock.now(),
  };
}

const refused = (path: string, key: string, params?: Record<string, string>) =>
  new AppError('validation', [{ path: [path], key, ...(params ? { params } : {}) }]);

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
      writeOnce(platform.db, platform.clock, req, async (tx) => {
        const ctx = contextOf(platform, req);
        const row = await changeOrderStatus(tx, ctx, req.params.uuid, req.body);
        const [view] = await orderViews(tx, ctx.building.id, [row]);
        if (!view) throw new AppError('notFound');
        return view;
      }),
  );

  api.post(
    `${base}/orders/approve`,
    { config: approve, schema: { params, body: approveOrdersSchema, response: { 200: approvedSchema } } },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        approveOrders(tx, contextOf(platform, req), req.body.orderUuids),
      ),
  );

  api.post(
    `${base}/debit-run`,
    { config: write, schema: { params, body: debitRunSchema, response: { 200: debitRunAnswerSchema } } },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, async (tx) => {
        const ctx = contextOf(platform, req);
        const today = buildingToday(ctx.building, ctx.now);
        const asOf = req.body?.asOf ?? today;
        // A run ahead of the building's day would debit what is not due yet.
        if (asOf > today) throw refused('asOf', 'otonom.orders.validation.asOfInFuture', { today });
        if (!(await padSettingsRow(tx, ctx.building.id)))
          throw refused('asOf', 'otonom.validation.noSettings');
        return runDebits(tx, ctx, ctx.building.id, asOf);
      }),
  );
}
