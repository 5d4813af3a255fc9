import type { FastifyInstance } from 'fastify';
import { and, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { logEntrySchema } from '@copro/domain';
import { activityLog } from '../../../db/schema/index';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';

const query = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The building's activity log, newest first, paged by date. */
export function logRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/logs',
    {
      config: { permission: inBuilding('logs.read') },
      schema: {
        params: z.object({ buildingRef: z.string().min(1).max(40) }),
        querystring: query,
        response: { 200: logEntrySchema.array() },
      },
    },
    async (req) => {
      const { building } = buildingOf(req);
      const rows = await platform.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.buildingId, building.id),
            req.query.before ? lt(activityLog.date, req.query.before) : undefined,
          ),
        )
        .orderBy(desc(activityLog.date))
        .limit(req.query.limit);
      return rows.map(({ buildingId: _buildingId, ...entry }) => entry);
    },
  );
}
