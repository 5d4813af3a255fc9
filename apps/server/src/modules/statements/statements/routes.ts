import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  fileResponseSchema,
  isFinancialStatement,
  statementJsonSchema,
  statementQuerySchema,
  type StatementJson,
} from '@copro/domain';
import { attachment } from '../../../platform/documents/attachment';
import { notFound } from '../../../platform/errors';
import { yearOf, yearParams } from '../../../platform/fiscal-year-scope';
import type { Platform } from '../../../platform/platform';
import { requestToday } from '../../../platform/request-clock';
import { buildingOf, inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { reportFiles, reportJson } from '../../reports';
import { drawStatement } from './statement-document';

const statementParams = yearParams.extend({ statement: z.string().min(1).max(40) });

/**
 * Issue 16 (DOMAIN 10, SPEC 2 `categories/financial-statement`): each financial statement as the
 * page's JSON (tables as text in the reader's language, the warnings and the charts apart) or as
 * a PDF, spreadsheet or CSV file drawn from the same document, its warnings heading the notice.
 */
export function statementRoutes(app: FastifyInstance, platform: Platform): void {
  typed(app).get(
    '/api/buildings/:buildingRef/fiscal-years/:fiscalYear/financial-statements/:statement',
    {
      config: { permission: inBuilding('categories.read') },
      schema: {
        params: statementParams,
        querystring: statementQuerySchema,
        response: { 200: z.union([statementJsonSchema, fileResponseSchema]) },
      },
    },
    async (req, reply) => {
      const { statement } = req.params;
      if (!isFinancialStatement(statement)) throw notFound();
      const drawn = await drawStatement(platform.db, {
        scope: await yearOf(platform.db, req),
        building: buildingOf(req).building,
        language: req.ctx.language,
        today: requestToday(req),
        statement,
        query: req.query,
      });
      const { format } = req.query;
      if (format === 'json') {
        const json: StatementJson = {
          ...reportJson(drawn.document),
          from: drawn.from,
          to: drawn.to,
          warnings: drawn.warnings,
          charts: drawn.charts,
        };
        return json;
      }
      const notice = [...drawn.warnings, ...drawn.notices].join(' ');
      const file = reportFiles[format];
      return (
        (reply as FastifyReply)
          .type(file.type)
          .header('content-disposition', attachment(`${drawn.fileName}.${format}`))
          // The building's books: kept out of shared caches and the browser's disk cache.
          .header('cache-control', 'no-store')
          .send(await file.render({ ...drawn.document, ...(notice ? { notice } : {}) }))
      );
    },
  );
}
