import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jobStatusSchema } from '@copro/domain';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding } from '../../platform/routes';
import { typed } from '../../platform/typed';

const jobParams = z.object({
  buildingRef: z.string().min(1).max(40),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** A building's job as the page that started it follows it: status, progress, result or error. */
export function jobRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/jobs/:id',
    {
      config: { permission: inBuilding('finance.read') },
      schema: { params: jobParams, response: { 200: jobStatusSchema } },
    },
    async (req) => {
      // Another building's job answers as if there were none.
      const status = await platform.jobs.status(buildingOf(req).building.id, req.params.id);
      if (!status) throw new AppError('notFound');
      return status;
    },
  );
}
