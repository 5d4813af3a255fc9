import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { padSettingsSchema, padSettingsViewSchema } from '@copro/domain';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { partnerView } from '../partner/configured';
import { requestContext } from '../context';
import { padSettingsView, savePadSettings } from './settings';

const params = z.object({ buildingRef: z.string().min(1).max(40) });
const path = '/api/buildings/:buildingRef/otonom/settings';

/** The area's settings of a building (DOMAIN 8): read by finance readers, saved by finance writers. */
export function settingsRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  // Read per request: the demo starts its fake partner around the app.
  const partner = (req: FastifyRequest) => partnerView(platform.config, buildingOf(req).building);

  api.get(
    path,
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params, response: { 200: padSettingsViewSchema } },
    },
    async (req) => padSettingsView(platform.db, buildingOf(req).building.id, partner(req)),
  );

  api.put(
    path,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params, body: padSettingsSchema, response: { 200: padSettingsViewSchema } },
    },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        savePadSettings(tx, requestContext(req, platform), req.body, partner(req)),
      ),
  );
}
