import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bankReconciliationSchema,
  clearingSchema,
  fileResponseSchema,
  newPeriodSchema,
  noContentSchema,
  periodDetailSchema,
  periodEditSchema,
  periodLinesQuerySchema,
  reconciliationPeriodSchema,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { attachment } from '../../../platform/documents/attachment';
import { writeOnce } from '../../../platform/idempotency';
import type { Platform } from '../../../platform/platform';
import { inBuilding } from '../../../platform/routes';
import { transactionWithFiles, type FileChanges } from '../../../platform/storage';
import { typed } from '../../../platform/typed';
import { uploadedPdf, withPdfUploads } from '../../payables';
import { reconciliationContextOf, type ReconciliationContext } from '../context';
import { clearTransactions } from './clearing';
import { publishReconciliationChange } from './live';
import { periodDetail } from './period-lines';
import { bankReconciliation, periodView } from './period-view';
import { createPeriod, deletePeriod, editPeriod, reconcilePeriod, reopenPeriod } from './periods';
import { attachStatement, removeStatement, statementKey, statementOf } from './statement-file';

const base = '/api/buildings/:buildingRef/banks/:bankUuid/reconciliation';
const period = `${base}/periods/:periodUuid`;
const bankParams = z.object({ buildingRef: z.string().min(1).max(40), bankUuid: z.uuid() });
const periodParams = bankParams.extend({ periodUuid: z.uuid() });

const read = { permission: inBuilding('banks.reconciliation.read') };
const write = { permission: inBuilding('finance.write') };

/** A download of the PDF as it was uploaded; the bytes go as they are, past the response schema. */
const sendPdf = (reply: FastifyReply, fileName: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', attachment(fileName))
    // A bank statement: kept out of shared caches.
    .header('cache-control', 'no-store')
    .send(bytes);

type Work<T> = (tx: Tx, ctx: ReconciliationContext, files: FileChanges) => Promise<T>;

/** A bank's reconciliation periods (DOMAIN 9): the chain, the ticks, the statement PDF. */
export function periodRoutes(app: FastifyInstance, platform: Platform): void {
  const api = typed(app);
  /**
   * A write in one database transaction with the files it stores or drops, done once per
   * idempotency key, announced to the bank's open pages.
   */
  const writing = <T>(req: FastifyRequest, bankUuid: string, work: Work<T>): Promise<T> => {
    const ctx = reconciliationContextOf(req);
    return transactionWithFiles(platform.db, platform.storage, (outer, files) =>
      writeOnce(outer, platform.clock, req, async (tx) => {
        const result = await work(tx, ctx, files);
        await publishReconciliationChange(tx, ctx.buildingId, bankUuid);
        return result;
      }),
    );
  };

  api.get(
    base,
    { config: read, schema: { params: bankParams, response: { 200: bankReconciliationSchema } } },
    async (req) => bankReconciliation(platform.db, reconciliationContextOf(req), req.params.bankUuid),
  );

  api.post(
    `${base}/periods`,
    {
      config: write,
      schema: { params: bankParams, body: newPeriodSchema, response: { 201: reconciliationPeriodSchema } },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await writing(req, req.params.bankUuid, (tx, ctx) =>
            createPeriod(tx, ctx, req.params.bankUuid, req.body),
          ),
        ),
  );

  api.get(
    period,
    {
      config: read,
      schema: {
        params: periodParams,
        querystring: periodLinesQuerySchema,
        response: { 200: periodDetailSchema },
      },
    },
    async (req) =>
      periodDetail(
        platform.db,
        reconciliationContextOf(req),
        req.params.bankUuid,
        req.params.periodUuid,
        req.query,
      ),
  );

  api.put(
    period,
    {
      config: write,
      schema: { params: periodParams, body: periodEditSchema, response: { 200: reconciliationPeriodSchema } },
    },
    async (req) =>
      writing(req, req.params.bankUuid, (tx, ctx) =>
        editPeriod(tx, ctx, req.params.bankUuid, req.params.periodUuid, req.body),
      ),
  );

  api.put(
    `${period}/cleared`,
    {
      config: write,
      schema: { params: periodParams, body: clearingSchema, response: { 200: reconciliationPeriodSchema } },
    },
    async (req) =>
      writing(req, req.params.bankUuid, async (tx, ctx) => {
        await clearTransactions(tx, ctx, req.params.bankUuid, req.params.periodUuid, req.body);
        return periodView(tx, ctx, req.params.bankUuid, req.params.periodUuid);
      }),
  );

  api.post(
    `${period}/reconcile`,
    { config: write, schema: { params: periodParams, response: { 200: reconciliationPeriodSchema } } },
    async (req) =>
      writing(req, req.params.bankUuid, (tx, ctx) =>
        reconcilePeriod(tx, ctx, req.params.bankUuid, req.params.periodUuid, platform.clock.now()),
      ),
  );

  api.post(
    `${period}/reopen`,
    { config: write, schema: { params: periodParams, response: { 200: reconciliationPeriodSchema } } },
    async (req) =>
      writing(req, req.params.bankUuid, (tx, ctx) =>
        reopenPeriod(tx, ctx, req.params.bankUuid, req.params.periodUuid),
      ),
  );

  api.delete(
    period,
    { config: write, schema: { params: periodParams, response: { 204: noContentSchema } } },
    async (req, reply) => {
      await writing(req, req.params.bankUuid, async (tx, ctx, files) => {
        const deleted = await deletePeriod(tx, ctx, req.params.bankUuid, req.params.periodUuid);
        const file = deleted.statementFile;
        if (file) files.removeAfterCommit(statementKey(ctx.buildingId, deleted.uuid, file.fileId));
        return null;
      });
      return reply.code(204).send(null);
    },
  );

  withPdfUploads(app, (scoped) => {
    typed(scoped).put(
      `${period}/statement`,
      { config: write, schema: { params: periodParams, response: { 200: reconciliationPeriodSchema } } },
      async (req) => {
        const upload = await uploadedPdf(req);
        return writing(req, req.params.bankUuid, (tx, ctx, files) =>
          attachStatement(
            tx,
            files,
            ctx,
            req.params.bankUuid,
            req.params.periodUuid,
            upload,
            platform.clock.now(),
          ),
        );
      },
    );
  });

  api.get(
    `${period}/statement`,
    { config: read, schema: { params: periodParams, response: { 200: fileResponseSchema } } },
    async (req, reply) => {
      const file = await statementOf(
        platform.db,
        platform.storage,
        reconciliationContextOf(req),
        req.params.bankUuid,
        req.params.periodUuid,
      );
      return sendPdf(reply, file.fileName, file.bytes);
    },
  );

  api.delete(
    `${period}/statement`,
    { config: write, schema: { params: periodParams, response: { 200: reconciliationPeriodSchema } } },
    async (req) =>
      writing(req, req.params.bankUuid, (tx, ctx, files) =>
        removeStatement(tx, files, ctx, req.params.bankUuid, req.params.periodUuid),
      ),
  );
}
