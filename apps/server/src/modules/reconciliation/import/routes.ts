import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmMatchesSchema,
  csvMappingSchema,
  lineEntrySchema,
  statementImportSchema,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { publish } from '../../../platform/events';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { typed } from '../../../platform/typed';
import { reconciliationContextOf, type ReconciliationContext } from '../context';
import { importOfBank, periodOfBank } from './import-target';
import { importView, periodImports } from './import-views';
import { importStatement, mapStatement } from './imports';
import { confirmMatches, createLineEntry, ignoreLine } from './line-actions';
import { uploadedStatement, withStatementUploads } from './statement-file';

const base = '/api/buildings/:buildingRef/banks/:bankUuid/reconciliation';
const bankParams = z.object({ buildingRef: z.string().min(1).max(40), bankUuid: z.uuid() });
const periodParams = bankParams.extend({ periodUuid: z.uuid() });
const importParams = bankParams.extend({ importUuid: z.uuid() });
const lineParams = importParams.extend({ lineId: z.coerce.number().int().min(1).max(1_000_000) });

const read = { permission: inBuilding('banks.reconciliation.read') };
const write = { permission: inBuilding('finance.write') };

/** Bank statement import (DOMAIN 9): a CSV, OFX or QFX file into a period, its lines matched. */
export function importRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  /**
   * One database transaction, done once per idempotency key. The tick lists and the imports are
   * read under the transactions' key, so open pages are told there (ticking moves no money, so the
   * ledger announces nothing).
   */
  const writing = <T>(req: FastifyRequest, work: (tx: Tx, ctx: ReconciliationContext) => Promise<T>) => {
    const ctx = reconciliationContextOf(req);
    return writeOnce(platform.db, platform.clock, req, async (tx) => {
      const result = await work(tx, ctx);
      await publish(tx, { buildingId: ctx.buildingId, collection: 'transactions', ids: [] });
      return result;
    });
  };

  withStatementUploads(app, (scoped) => {
    typed(scoped).post(
      `${base}/periods/:periodUuid/imports`,
      { config: write, schema: { params: periodParams, response: { 201: statementImportSchema } } },
      async (req, reply) => {
        const upload = await uploadedStatement(req);
        const { bankUuid, periodUuid } = req.params;
        const view = await writing(req, async (tx, ctx) =>
          importStatement(tx, ctx, await periodOfBank(tx, ctx.buildingId, bankUuid, periodUuid), upload),
        );
        return reply.code(201).send(view);
      },
    );
  });

  api.get(
    `${base}/periods/:periodUuid/imports`,
    { config: read, schema: { params: periodParams, response: { 200: z.array(statementImportSchema) } } },
    async (req) => {
      const ctx = reconciliationContextOf(req);
      const target = await periodOfBank(
        platform.db,
        ctx.buildingId,
        req.params.bankUuid,
        req.params.periodUuid,
      );
      return periodImports(platform.db, target, ctx.language);
    },
  );

  api.get(
    `${base}/imports/:importUuid`,
    { config: read, schema: { params: importParams, response: { 200: statementImportSchema } } },
    async (req) => {
      const ctx = reconciliationContextOf(req);
      const target = await importOfBank(
        platform.db,
        ctx.buildingId,
        req.params.bankUuid,
        req.params.importUuid,
      );
      return importView(platform.db, target, target.statement, ctx.language);
    },
  );

  api.put(
    `${base}/imports/:importUuid/mapping`,
    {
      config: write,
      schema: { params: importParams, body: csvMappingSchema, response: { 200: statementImportSchema } },
    },
    async (req) =>
      writing(req, async (tx, ctx) =>
        mapStatement(
          tx,
          ctx,
          await importOfBank(tx, ctx.buildingId, req.params.bankUuid, req.params.importUuid),
          req.body,
        ),
      ),
  );

  api.post(
    `${base}/imports/:importUuid/confirm`,
    {
      config: write,
      schema: { params: importParams, body: confirmMatchesSchema, response: { 200: statementImportSchema } },
    },
    async (req) =>
      writing(req, async (tx, ctx) =>
        confirmMatches(
          tx,
          ctx,
          await importOfBank(tx, ctx.buildingId, req.params.bankUuid, req.params.importUuid),
          req.body,
        ),
      ),
  );

  api.post(
    `${base}/imports/:importUuid/lines/:lineId/entry`,
    {
      config: write,
      schema: { params: lineParams, body: lineEntrySchema, response: { 200: statementImportSchema } },
    },
    async (req) =>
      writing(req, async (tx, ctx) =>
        createLineEntry(
          tx,
          ctx,
          await importOfBank(tx, ctx.buildingId, req.params.bankUuid, req.params.importUuid),
          req.params.lineId,
          req.body,
        ),
      ),
  );

  api.post(
    `${base}/imports/:importUuid/lines/:lineId/ignore`,
    { config: write, schema: { params: lineParams, response: { 200: statementImportSchema } } },
    async (req) =>
      writing(req, async (tx, ctx) =>
        ignoreLine(
          tx,
          ctx,
          await importOfBank(tx, ctx.buildingId, req.params.bankUuid, req.params.importUuid),
          req.params.lineId,
        ),
      ),
  );
}
