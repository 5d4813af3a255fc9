import type { FastifyInstance, FastifyReply } from 'fastify';
import { boardPackageQuerySchema, fileResponseSchema } from '@copro/domain';
import { attachment } from '../../../platform/documents/attachment';
import { renderPackagePdf, renderPackageXlsx } from '../../../platform/documents/render-package';
import { yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { boardPackage } from './board-package';

const files = {
  pdf: { type: 'application/pdf', render: renderPackagePdf },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    render: renderPackageXlsx,
  },
} as const;

/** A download: the bytes go as they are, past the response schema. */
const sendFile = (reply: FastifyReply, type: string, fileName: string, body: Buffer) =>
  reply
    .type(type)
    .header('content-disposition', attachment(fileName))
    // The building's books: kept out of shared caches and the browser's disk cache.
    .header('cache-control', 'no-store')
    .send(body);

/** Issue 16: the board package of a period, one PDF or one workbook, in the building's language. */
export function boardPackageRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/board-package',
    {
      config: { permission: inBuilding('reports') },
      schema: {
        params: yearParams,
        querystring: boardPackageQuerySchema,
        response: { 200: fileResponseSchema },
      },
    },
    async (req, reply) => {
      const { source, fileName } = await boardPackage(platform.db, req, req.query);
      const { format } = req.query;
      const { type, render } = files[format];
      return sendFile(reply, type, `${fileName}.${format}`, await render(source));
    },
  );
}
