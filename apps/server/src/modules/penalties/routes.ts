import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { arrearsRemindersSchema, penaltySchema, penaltyThresholdSchema } from '@copro/domain';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { lockWritableYear, yearOf, yearParams } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import {
  arrearsDate,
  arrearsThreshold,
  listArrears,
  receivablesSummary,
  unitReminders,
  unitsArrears,
} from './arrears';
import { sendReminders } from './arrears-mail';
import { monthOf, registerPenaltyRun } from './penalty-job';
import { chargePenalties } from './penalty-run';
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

const today = (): string => new Date().toISOString().slice(0, 10);

/** Penalties and collections (DOMAIN 5): settings, the daily late-fee run, arrears and reminders. */
export function penaltyRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerPenaltyRun(platform);
  const mail = { mailer: platform.mailer, publicUrl: platform.config.publicUrl };

  // Penalties belong to the building, not to a year (SPEC 3 "Penalty").
  api.get(
    `${buildingBase}/penalties`,
    { config: { permission: inBuilding('penalties.read') }, schema: { params: buildingParams } },
    async (req) => listPenalties(platform.db, buildingOf(req).building.id),
  );

  api.post(
    `${buildingBase}/penalties`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: buildingParams, body: penaltySchema },
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
      schema: { params: penaltyParams, body: penaltySchema },
    },
    async (req) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      return platform.db.transaction((tx) => editPenalty(tx, id, source, req.params.uuid, req.body));
    },
  );

  api.delete(
    `${buildingBase}/penalties/:uuid`,
    { config: { permission: inBuilding('finance.write') }, schema: { params: penaltyParams } },
    async (req, reply) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      await platform.db.transaction((tx) => deletePenalty(tx, id, source, req.params.uuid));
      return reply.code(204).send();
    },
  );

  api.put(
    `${buildingBase}/penalty-threshold`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: buildingParams, body: penaltyThresholdSchema },
    },
    async (req) => {
      const id = buildingOf(req).building.id;
      const source = userSource(userOf(req));
      return platform.db.transaction((tx) =>
        setPenaltyThreshold(tx, id, source, req.body.minimumUnitBalanceBeforeChargingPenalties),
      );
    },
  );

  api.post(
    `${yearBase}/penalties/run`,
    { config: { permission: inBuilding('finance.write') }, schema: { params: yearParams } },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const charged = await platform.db.transaction(async (tx) => {
        await lockWritableYear(tx, scope);
        return chargePenalties(tx, scope, today(), source);
      });
      return { charged };
    },
  );

  api.get(
    `${yearBase}/arrears`,
    { config: { permission: inBuilding('finance.read') }, schema: { params: yearParams } },
    async (req) => listArrears(platform.db, await yearOf(platform.db, req), today()),
  );

  api.post(
    `${yearBase}/arrears/reminders`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: yearParams, body: arrearsRemindersSchema },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const sent = await platform.db.transaction(async (tx) => {
        await lockWritableYear(tx, scope);
        const asOf = await arrearsDate(tx, scope, today());
        const all = await unitsArrears(tx, scope, asOf, await arrearsThreshold(tx, scope.buildingId));
        const chosen = req.body.unitUuids;
        if (chosen?.some((uuid) => !all.some((u) => u.unit.uuid === uuid))) throw new AppError('notFound');
        const units = chosen ? all.filter((u) => chosen.includes(u.unit.uuid)) : all;
        return sendReminders(tx, mail, scope, monthOf(today()), units, source);
      });
      return { sent };
    },
  );

  api.get(
    `${yearBase}/units/:uuid/reminders`,
    { config: { permission: inBuilding('finance.read') }, schema: { params: unitParams } },
    async (req) => unitReminders(platform.db, await yearOf(platform.db, req), req.params.uuid),
  );

  api.get(
    `${yearBase}/receivables/summary`,
    { config: { permission: inBuilding('finance.read') }, schema: { params: yearParams } },
    async (req) => receivablesSummary(platform.db, await yearOf(platform.db, req), today()),
  );
}
