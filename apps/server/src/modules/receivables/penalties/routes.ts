import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  arrearsRemindersSchema,
  arrearsRowSchema,
  buildingToday,
  monthOf,
  noContentSchema,
  penaltyCheckPreviewSchema,
  penaltyRunStartedSchema,
  penaltySchema,
  penaltyThresholdSchema,
  penaltyViewSchema,
  receivablesSummarySchema,
  remindersSentSchema,
  unitReminderViewSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { lockWritableYear, yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import {
  arrearsDate,
  arrearsThreshold,
  listArrears,
  receivablesSummary,
  unitReminders,
  unitsArrears,
} from './arrears';
import { sendReminders } from './arrears-mail';
import { provideClock } from '../../../platform/request-clock';
import { jobRoutes } from '../../jobs';
import { penaltyCheckJob, registerPenaltyRun } from './penalty-job';
import { decidePenaltyCharges } from './penalty-run';
import {
  createPenalty,
  deletePenalty,
  editPenalty,
  listPenalties,
  setPenaltyThreshold,
} from './penalty-settings';

const buildingBase = '/api/buildings/:buildingRef';
const yearBase = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const buildingParams = z.object({ buildingRef: z.string().min(1).max(40) });
const penaltyParams = buildingParams.extend({ uuid: z.uuid() });
const unitParams = yearParams.extend({ uuid: z.uuid() });

/** Penalties and collections (DOMAIN 5): settings, the daily late-fee run, arrears and reminders. */
export function penaltyRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerPenaltyRun(platform);
  // The check run from the page is followed through the job status route; reports read the clock from the request.
  jobRoutes(app, platform);
  provideClock(app, platform.clock);
  const mail = { mailer: platform.mailer, publicUrl: platform.config.publicUrl };
  /** The request's building's today, by the platform's clock. */
  const today = (req: FastifyRequest): string =>
    buildingToday(buildingOf(req).building, platform.clock.now());

  // Penalties belong to the building, not to a year (SPEC 3 "Penalty").
  api.get(
    `${buildingBase}/penalties`,
    {
      config: { permission: inBuilding('penalties.read') },
      schema: { params: buildingParams, response: { 200: penaltyViewSchema.array() } },
    },
    async (req) => listPenalties(platform.db, buildingOf(req).building.id),
  );

  api.post(
    `${buildingBase}/penalties`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: buildingParams, body: penaltySchema, response: { 201: penaltyViewSchema } },
    },
    async (req, reply) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      const view = await platform.db.transaction((tx) => createPenalty(tx, id, source, req.body));
      return reply.code(201).send(view);
    },
  );

  api.put(
    `${buildingBase}/penalties/:uuid`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: penaltyParams, body: penaltySchema, response: { 200: penaltyViewSchema } },
    },
    async (req) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      return platform.db.transaction((tx) => editPenalty(tx, id, source, req.params.uuid, req.body));
    },
  );

  api.delete(
    `${buildingBase}/penalties/:uuid`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: penaltyParams, response: { 204: noContentSchema } },
    },
    async (req, reply) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      await platform.db.transaction((tx) => deletePenalty(tx, id, source, req.params.uuid));
      return reply.code(204).send(null);
    },
  );

  api.put(
    `${buildingBase}/penalty-threshold`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: {
        params: buildingParams,
        body: penaltyThresholdSchema,
        response: { 200: penaltyThresholdSchema },
      },
    },
    async (req) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      return platform.db.transaction((tx) =>
        setPenaltyThreshold(tx, id, source, req.body.minimumUnitBalanceBeforeChargingPenalties),
      );
    },
  );

  // What "run the check now" would charge today, before it is asked to.
  api.get(
    `${yearBase}/penalties/run/preview`,
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: yearParams, response: { 200: penaltyCheckPreviewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const asOf = today(req);
      const charges = (await decidePenaltyCharges(platform.db, scope, asOf)).map((c) => ({
        unitUuid: c.unitUuid,
        unitNumber: c.unitNumber,
        kind: c.kind,
        month: c.month,
        date: c.date,
        amount: c.amount,
      }));
      return { asOf, charges, total: charges.reduce((sum, c) => sum + c.amount, 0) };
    },
  );

  // The check runs as a job; the page follows it through GET jobs/:id.
  api.post(
    `${yearBase}/penalties/run`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: yearParams, response: { 202: penaltyRunStartedSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const jobId = await platform.db.transaction(async (tx) => {
        await lockWritableYear(tx, scope);
        return platform.jobs.enqueue(
          tx,
          penaltyCheckJob,
          { buildingId: scope.buildingId, fiscalYear: scope.fiscalYear, source },
          // The user sees a failure and may run it again; a retry would run behind their back.
          { buildingId: scope.buildingId, maxAttempts: 1 },
        );
      });
      // Only a job with a singleton key can be refused as already queued: this one has none.
      if (jobId === null) throw new Error('penalty check not queued');
      return reply.code(202).send({ jobId });
    },
  );

  api.get(
    `${yearBase}/arrears`,
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: yearParams, response: { 200: arrearsRowSchema.array() } },
    },
    async (req) => listArrears(platform.db, await yearOf(platform.db, req), today(req)),
  );

  api.post(
    `${yearBase}/arrears/reminders`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: yearParams, body: arrearsRemindersSchema, response: { 200: remindersSentSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const sent = await platform.db.transaction(async (tx) => {
        await lockWritableYear(tx, scope);
        const asOf = await arrearsDate(tx, scope, today(req));
        const all = await unitsArrears(tx, scope, asOf, await arrearsThreshold(tx, scope.buildingId));
        const chosen = req.body.unitUuids;
        if (chosen?.some((uuid) => !all.some((u) => u.unit.uuid === uuid))) throw new AppError('notFound');
        const units = chosen ? all.filter((u) => chosen.includes(u.unit.uuid)) : all;
        return sendReminders(tx, mail, scope, monthOf(today(req)), units, source);
      });
      return { sent };
    },
  );

  api.get(
    `${yearBase}/units/:uuid/reminders`,
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: unitParams, response: { 200: unitReminderViewSchema.array() } },
    },
    async (req) => unitReminders(platform.db, await yearOf(platform.db, req), req.params.uuid),
  );

  api.get(
    `${yearBase}/receivables/summary`,
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: yearParams, response: { 200: receivablesSummarySchema } },
    },
    async (req) => receivablesSummary(platform.db, await yearOf(platform.db, req), today(req)),
  );
}
