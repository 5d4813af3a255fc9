import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  applyBudgetSchema,
  budgetInputSchema,
  budgetPreviewViewSchema,
  budgetViewSchema,
  can,
  isoDateSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { monthlyFeesJob, registerMonthlyBilling } from './billing';
import {
  applyBudget,
  getBudget,
  listBudgets,
  previewBudget,
  retroactiveCorrections,
  saveBudget,
  unapplyBudget,
} from './budgets';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/budgets';
const budgetParams = yearParams.extend({ uuid: z.uuid() });

/** The budget and condo fees (DOMAIN 3): drafts, preview, apply, unapply, and the monthly billing job. */
export function budgetRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerMonthlyBilling(platform);

  // SPEC 6 budgets.view: owners too, who see only the budget that sets their fees.
  api.get(
    base,
    {
      config: { permission: inBuilding('budgets.view') },
      schema: { params: yearParams, response: { 200: z.array(budgetViewSchema) } },
    },
    async (req) => {
      const access = buildingOf(req);
      const financeReader = can({ role: access.role, banned: access.banned }, 'finance.read', access.policy);
      return listBudgets(platform.db, await yearOf(platform.db, req), !financeReader);
    },
  );

  api.post(
    base,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: yearParams, body: budgetInputSchema, response: { 201: budgetViewSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      return reply
        .code(201)
        .send(
          await platform.db.transaction((tx) =>
            saveBudget(tx, scope, userSource(userOf(req)), req.body, null),
          ),
        );
    },
  );

  api.put(
    `${base}/:uuid`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: budgetParams, body: budgetInputSchema, response: { 200: budgetViewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      return platform.db.transaction((tx) =>
        saveBudget(tx, scope, userSource(userOf(req)), req.body, req.params.uuid),
      );
    },
  );

  api.get(
    `${base}/:uuid/preview`,
    {
      config: { permission: inBuilding('finance.read') },
      schema: {
        params: budgetParams,
        querystring: z.object({ applicationDate: isoDateSchema.optional() }),
        response: { 200: budgetPreviewViewSchema },
      },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const row = await getBudget(platform.db, scope, req.params.uuid);
      const preview = await previewBudget(platform.db, scope, row);
      const date = req.query.applicationDate;
      const corrections = date ? await retroactiveCorrections(platform.db, scope, row, date, preview) : [];
      return { ...preview, corrections };
    },
  );

  api.post(
    `${base}/:uuid/apply`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: budgetParams, body: applyBudgetSchema, response: { 200: budgetViewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      return platform.db.transaction(async (tx) => {
        const applied = await applyBudget(tx, scope, source, req.params.uuid, req.body.applicationDate);
        // Months already due (an application date in the past) are billed now, not at tomorrow's run.
        await platform.jobs.enqueue(
          tx,
          monthlyFeesJob,
          { buildingId: scope.buildingId },
          { singletonKey: `${monthlyFeesJob}:apply:${applied.uuid}`, buildingId: scope.buildingId },
        );
        return applied;
      });
    },
  );

  api.post(
    `${base}/:uuid/unapply`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: budgetParams, response: { 200: budgetViewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      return platform.db.transaction((tx) => unapplyBudget(tx, scope, source, req.params.uuid));
    },
  );
}
