import type { FastifyInstance } from 'fastify';
import { buildingAccessViewSchema, buildingEditSchema, buildingViewSchema } from '@copro/domain';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { rememberedSerializer } from '../../platform/remembered-serializer';
import { typed } from '../../platform/typed';
import { buildingAccessView } from './building-access-view';
import { editBuilding } from './buildings';
import { buildingParams } from './params';

export function buildingRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);

  api.get(
    '/api/buildings/:buildingRef',
    {
      config: { permission: inBuilding('building.view') },
      schema: { params: buildingParams, response: { 200: buildingAccessViewSchema } },
      // The answer is the cached view itself while nothing changed: written once, not per request.
      serializerCompiler: rememberedSerializer,
    },
    async (req) => {
      const access = buildingOf(req);
      // The guard let in a member only: a role is always there.
      const role = access.role;
      if (!role) throw new AppError('notFound');
      const years = await platform.access.fiscalYears(access.building.id, req.ctx.fresh);
      return buildingAccessView(platform.db, access, role, years);
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
