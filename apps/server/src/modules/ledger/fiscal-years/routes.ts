import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  fiscalYearArchivedSchema,
  fiscalYearEndDateSchema,
  fiscalYearQueuedSchema,
  newFiscalYearSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { queueNewFiscalYear, registerFiscalYearJob } from './rollover';
import { setYearArchived, setYearEndDate } from './years';

/** SPEC 7 `POST /buildings/new-fiscal-year?buildingRef=` with `newYear`, and a year's archive and end date. */
export function fiscalYearRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerFiscalYearJob(platform);

  api.post(
    '/api/buildings/new-fiscal-year',
    {
      config: { permission: inBuilding('fiscal-years.create') },
      schema: {
        querystring: z.object({ buildingRef: z.string().min(1).max(40) }),
        body: newFiscalYearSchema,
        response: { 202: fiscalYearQueuedSchema },
      },
    },
    async (req, reply) => {
      const queued = await queueNewFiscalYear(
        platform,
        buildingOf(req).building.id,
        userSource(userOf(req)),
        req.body.newYear,
      );
      return reply.code(202).send(queued);
    },
  );

  api.post(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/archive',
    {
      config: { permission: inBuilding('fiscal-years.create') },
      schema: {
        params: yearParams,
        body: fiscalYearArchivedSchema,
        response: { 200: fiscalYearArchivedSchema },
      },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      await platform.db.transaction((tx) =>
        setYearArchived(tx, scope, userSource(userOf(req)), req.body.archived),
      );
      return { archived: req.body.archived };
    },
  );

  api.patch(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear',
    {
      config: { permission: inBuilding('fiscal-years.create') },
      schema: {
        params: yearParams,
        body: fiscalYearEndDateSchema,
        response: { 200: fiscalYearEndDateSchema },
      },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      await platform.db.transaction((tx) =>
        setYearEndDate(tx, scope, userSource(userOf(req)), req.body.endDate),
      );
      return { endDate: req.body.endDate };
    },
  );
}
