import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  billingDaysSchema,
  buildingToday,
  recurringBillSchema,
  recurringBillsAnswerSchema,
  recurringBillViewSchema,
  recurringRunAnswerSchema,
  recurringRunSchema,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { userSource } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import type { PayablesContext } from '../context';
import { payablesWrite } from '../route-context';
import {
  archiveRecurringBill,
  createRecurringBill,
  editRecurringBill,
  recurringBillsAnswer,
  setBillingDays,
} from './bills';
import { registerRecurringBills, runRecurringBills } from './run';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const uuidParams = yearParams.extend({ uuid: z.uuid() });

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

/** Recurring bills (SPEC 3, DOMAIN 7): the list, its billing days, and the daily run, also run now. */
export function recurringRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerRecurringBills(platform);

  const writing = <T>(req: FastifyRequest, work: (tx: Tx, ctx: PayablesContext) => Promise<T>) =>
    payablesWrite(platform, req, work, { announce: true });

  api.get(
    `${base}/recurring-bills`,
    { config: read, schema: { params: yearParams, response: { 200: recurringBillsAnswerSchema } } },
    async (req) => recurringBillsAnswer(platform.db, await yearOf(platform.db, req), req.ctx.language),
  );

  api.post(
    `${base}/recurring-bills`,
    {
      config: write,
      schema: { params: yearParams, body: recurringBillSchema, response: { 201: recurringBillViewSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await writing(req, (tx, ctx) => createRecurringBill(tx, ctx, req.body))),
  );

  api.put(
    `${base}/recurring-bills/:uuid`,
    {
      config: write,
      schema: { params: uuidParams, body: recurringBillSchema, response: { 200: recurringBillViewSchema } },
    },
    async (req) => writing(req, (tx, ctx) => editRecurringBill(tx, ctx, req.params.uuid, req.body)),
  );

  api.post(
    `${base}/recurring-bills/:uuid/archive`,
    { config: write, schema: { params: uuidParams, response: { 200: recurringBillViewSchema } } },
    async (req) => writing(req, (tx, ctx) => archiveRecurringBill(tx, ctx, req.params.uuid)),
  );

  api.put(
    `${base}/recurring-billing-days`,
    {
      config: write,
      schema: { params: yearParams, body: billingDaysSchema, response: { 200: recurringBillsAnswerSchema } },
    },
    async (req) =>
      writing(req, async (tx, ctx) => {
        await setBillingDays(tx, ctx, req.body);
        return recurringBillsAnswer(tx, ctx.scope, req.ctx.language);
      }),
  );

  api.post(
    `${base}/recurring-bills/run`,
    {
      config: write,
      schema: { params: yearParams, body: recurringRunSchema, response: { 200: recurringRunAnswerSchema } },
    },
    async (req) => {
      const { building } = buildingOf(req);
      // What is not due yet is not posted: the run goes no further than the building's today.
      if (req.body.asOf > buildingToday(building, platform.clock.now())) {
        throw new AppError('validation', [{ path: ['asOf'], key: 'validation.dateTooLate' }]);
      }
      await yearOf(platform.db, req);
      return runRecurringBills(platform.db, building.id, req.body.asOf, userSource(userOf(req)));
    },
  );
}
