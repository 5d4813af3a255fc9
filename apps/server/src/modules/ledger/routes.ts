import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountPageSchema,
  can,
  cancelTransactionSchema,
  fileResponseSchema,
  isoDateSchema,
  ledgerAccountSchema,
  transactionCommentSchema,
  transactionInputSchema,
  transactionKinds,
  transactionViewSchema,
  trialBalanceLineSchema,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { yearOf, yearParams, type YearScope } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import { listRecords } from '../registry';
import { commentTransaction, postTransaction } from './ledger';
import { cancelThroughOwner, type TransactionOwner } from './owners';
import { accountTransactions, ledgerAccounts, readTransaction, transactionsByUuid } from './queries';
import { textStream } from '../../platform/text-stream';
import { writeYearJournal, yearTrialBalance } from './statements';

const base = '/api/buildings/:buildingRef/fiscal-years/:fiscalYear';
const transactionParams = yearParams.extend({ uuid: z.uuid() });
const accountParams = yearParams.extend({ aid: z.coerce.number().int().positive() });

/** Kinds entered by hand (accountant writings and bank entries); the others come from their own features. */
export const manualKinds = [
  'accountantWriting',
  'bankInterestReceived',
  'bankInterestPaid',
  'bankCapitalPaid',
  'bankTransfer',
  'bankFee',
  'categorySimple',
] as const satisfies readonly (typeof transactionKinds)[number][];

const manualTransactionSchema = transactionInputSchema.refine(
  (input) => (manualKinds as readonly string[]).includes(input.kind),
  { message: 'validation.invalidEnum', path: ['kind'] },
);

const filtersSchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  kind: z.enum(transactionKinds).optional(),
  hideCancelled: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * SPEC 6: finance readers read every account; an owner with `self` or `all` access reads only
 * the accounts of the units listed under their email.
 */
async function readableAids(db: DbOrTx, req: FastifyRequest, scope: YearScope): Promise<Set<number> | 'all'> {
  const access = buildingOf(req);
  if (can({ role: access.role, banned: access.banned }, 'transactions.read', access.policy)) return 'all';
  const units = await listRecords(db, scope, 'units', { ownerEmail: userOf(req).email });
  return new Set(units.flatMap((u) => (u.aid !== null ? [u.aid] : [])));
}

/**
 * `owners` are the areas that cancel their own transactions (docs/architecture.md "Ledger"): the
 * cancel route goes through them.
 */
export function ledgerRoutes(
  app: FastifyInstance,
  platform: Platform,
  owners: readonly TransactionOwner[],
): void {
  const api = typed(app);

  api.get(
    `${base}/accounts`,
    {
      config: { permission: inBuilding('transactions.read') },
      schema: { params: yearParams, response: { 200: z.array(ledgerAccountSchema) } },
    },
    async (req) => ledgerAccounts(platform.db, await yearOf(platform.db, req)),
  );

  api.get(
    `${base}/accounts/:aid/transactions`,
    {
      config: { permission: inBuilding('transactions.read.unit') },
      schema: { params: accountParams, querystring: filtersSchema, response: { 200: accountPageSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const allowed = await readableAids(platform.db, req, scope);
      if (allowed !== 'all' && !allowed.has(req.params.aid)) throw new AppError('notFound');
      return accountTransactions(platform.db, scope, req.params.aid, req.query, req.ctx.language);
    },
  );

  api.get(
    `${base}/transactions/:uuid`,
    {
      config: { permission: inBuilding('transactions.read.unit') },
      schema: { params: transactionParams, response: { 200: transactionViewSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const transaction = (
        await transactionsByUuid(platform.db, scope, [req.params.uuid], req.ctx.language)
      ).get(req.params.uuid);
      const allowed = await readableAids(platform.db, req, scope);
      const visible =
        transaction?.fiscalYear === scope.fiscalYear &&
        (allowed === 'all' || transaction.subtransactions.some((l) => allowed.has(l.aid)));
      if (!transaction || !visible) throw new AppError('notFound');
      return transaction;
    },
  );

  api.post(
    `${base}/transactions`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: { params: yearParams, body: manualTransactionSchema, response: { 201: transactionViewSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const view = await platform.db.transaction((tx) => postTransaction(tx, scope, source, req.body));
      return reply.code(201).send(view);
    },
  );

  api.post(
    `${base}/transactions/:uuid/cancel`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: {
        params: transactionParams,
        body: cancelTransactionSchema,
        response: { 200: transactionViewSchema },
      },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      // The answer is read back as its reader reads it (reader-views.ts).
      return platform.db.transaction(async (tx) => {
        await cancelThroughOwner(tx, scope, owners, source, req.params.uuid, req.body.reason);
        return readTransaction(tx, scope, req.params.uuid, req.ctx.language);
      });
    },
  );

  api.post(
    `${base}/transactions/:uuid/comments`,
    {
      config: { permission: inBuilding('finance.write') },
      schema: {
        params: transactionParams,
        body: transactionCommentSchema,
        response: { 200: transactionViewSchema },
      },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      return platform.db.transaction(async (tx) => {
        await commentTransaction(tx, scope, source, req.params.uuid, req.body.comment);
        return readTransaction(tx, scope, req.params.uuid, req.ctx.language);
      });
    },
  );

  api.get(
    `${base}/trial-balance`,
    {
      config: { permission: inBuilding('reports') },
      schema: { params: yearParams, response: { 200: z.array(trialBalanceLineSchema) } },
    },
    async (req) => yearTrialBalance(platform.db, await yearOf(platform.db, req)),
  );

  api.get(
    `${base}/journal`,
    {
      config: { permission: inBuilding('reports') },
      // Plain text, sent as it is: the schema documents the download in OpenAPI.
      schema: { params: yearParams, response: { 200: fileResponseSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      // A stream is sent as it is, past the typed reply's string.
      return (reply as FastifyReply)
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="journal-${scope.fiscalYear}.journal"`)
        .header('cache-control', 'no-store')
        .send(
          textStream((write) =>
            writeYearJournal(platform.db, scope, buildingOf(req).building.currency, req.ctx.language, write),
          ),
        );
    },
  );
}
