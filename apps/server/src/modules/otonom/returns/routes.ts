import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { returnImportAnswerSchema } from '@copro/domain';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { requestContext } from '../context';
import { importReturns } from './import-returns';
import { uploadedReturnFile, withReturnUploads } from './return-upload';

const params = z.object({ buildingRef: z.string().min(1).max(40) });

/** A return file imported by a finance writer (DOMAIN 8 returns). */
export function returnRoutes(app: FastifyInstance, platform: Platform): void {
  withReturnUploads(app, (scoped) => {
    typed(scoped).post(
      '/api/buildings/:buildingRef/otonom/returns',
      {
        config: { permission: inBuilding('finance.write') },
        schema: { params, response: { 200: returnImportAnswerSchema } },
      },
      async (req) => {
        const upload = await uploadedReturnFile(req);
        return writeOnce(platform.db, platform.clock, req, (tx) =>
          importReturns(tx, requestContext(req, platform), upload),
        );
      },
    );
  });
}
