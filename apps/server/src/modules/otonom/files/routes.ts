import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  fileResponseSchema,
  padOverviewSchema,
  sendFileResultSchema,
  sendFileSchema,
  statusRefreshResultSchema,
} from '@copro/domain';
import { userSource } from '../../../platform/audit';
import { attachment } from '../../../platform/documents/attachment';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { configuredPartner } from '../partner/configured';
import { returnRoutes } from '../returns/routes';
import { requestContext } from '../context';
import { downloadedFile, fileContentType, type PadFileRow } from './file-view';
import { padOverview } from './overview';
import { refreshStatuses } from './refresh-statuses';
import { registerOtonomSend } from './send-job';
import { sendFileAsked } from './send-file';

const base = '/api/buildings/:buildingRef/otonom';
const params = z.object({ buildingRef: z.string().min(1).max(40) });
const fileParams = params.extend({ uuid: z.uuid() });

/** A download of the file as it was sent; the bytes go as they are, past the response schema. */
const sendFileBytes = (reply: FastifyReply, file: PadFileRow) =>
  reply
    .type(fileContentType(file))
    .header('content-disposition', attachment(file.fileName))
    // Bank account numbers: kept out of shared caches.
    .header('cache-control', 'no-store')
    .send(Buffer.from(file.content, 'utf8'));

const read = { permission: inBuilding('finance.read') };
const write = { permission: inBuilding('finance.write') };

/**
 * payments/otonom's files (DOMAIN 8, SPEC 7): the overview, sending a file, downloading one, the
 * partner's statuses, and the return files (returns/); the daily automatic sending is registered
 * here with them.
 */
export function fileRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  registerOtonomSend(platform);
  // Read per request: the demo starts its fake partner around the app.
  const partner = (req: FastifyRequest) => configuredPartner(platform.config, buildingOf(req).building);

  api.get(
    `${base}/overview`,
    { config: read, schema: { params, response: { 200: padOverviewSchema } } },
    async (req) => padOverview(platform.db, buildingOf(req).building.id, platform.clock.now()),
  );

  api.post(
    `${base}/files`,
    { config: write, schema: { params, body: sendFileSchema, response: { 200: sendFileResultSchema } } },
    async (req) =>
      writeOnce(platform.db, platform.clock, req, (tx) =>
        sendFileAsked(tx, requestContext(req, platform), partner(req), req.body.kind),
      ),
  );

  api.get(
    `${base}/files/:uuid`,
    // The file holds full account numbers: like the revealed bank details, for finance writers only.
    { config: write, schema: { params: fileParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const file = await platform.db.transaction((tx) =>
        downloadedFile(tx, buildingOf(req).building.id, userSource(userOf(req)), req.params.uuid),
      );
      return sendFileBytes(reply, file);
    },
  );

  api.post(
    `${base}/statuses/refresh`,
    { config: write, schema: { params, response: { 200: statusRefreshResultSchema } } },
    async (req) => refreshStatuses(platform.db, requestContext(req, platform), partner(req)),
  );

  returnRoutes(app, platform);
}
