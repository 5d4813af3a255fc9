import type { FastifyInstance } from 'fastify';
import {
  buildingAccessViewSchema,
  buildingEditSchema,
  buildingViewSchema,
  permissionsOf,
} from '@copro/domain';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { buildingView, editBuilding } from './buildings';
import { buildingParams } from './params';

export function buildingRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/buildings/:buildingRef',
    {
      config: { permission: inBuilding('building.view') },
      schema: { params: buildingParams, response: { 200: buildingAccessViewSchema } },
    },
    async (req) => {
      const access = buildingOf(req);
      // The guard let in a member only: a role is always there.
      const role = access.role;
      if (!role) throw new AppError('notFound');
      const years = await platform.access.fiscalYears(access.building.id, req.ctx.fresh);
      return {
        building: await buildingView(platform.db, access.building, years),
        role,
        banned: access.banned,
        // What this user may do here: the web shows controls from it; the server still checks each call.
        permissions: permissionsOf({ role, banned: access.banned }, access.policy),
        fiscalYearList: [...years]
          .reverse()
          .map((y) => ({ startDate: y.startDate, endDate: y.endDate, archived: y.archived })),
      };
    },
  );

  api.patch(
    '/api/buildings/:buildingRef',
    {
      config: { permission: inBuilding('building.edit') },
      schema: { params: buildingParams, body: buildingEditSchema, response: { 200: buildingViewSchema } },
    },
    async (req) => editBuilding(platform, buildingOf(req), userOf(req), req.body),
  );
}
