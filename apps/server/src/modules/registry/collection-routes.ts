import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  recordUuidSchema,
  registryListQuerySchemas,
  registryPageSchemas,
  registryReadSchemas,
  registryWriteSchemas,
  type Permission,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { yearOf, yearParams, type YearScope } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { requestToday } from '../../platform/request-clock';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import type { ListReader } from './list-plans';
import { readsWholeRegistry } from './people-views';
import { pageRecords, type PageQuery } from './record-pages';
import {
  createRecord,
  editRecord,
  findRecord,
  recordView,
  setArchived,
  type CollectionDef,
  type RecordAudience,
  type RecordRow,
} from './records';

export const recordParams = yearParams.extend({ uuid: recordUuidSchema });
export const archiveBody = z.object({ archived: z.boolean() });

export const collectionPath = (collection: string): string =>
  `/api/buildings/:buildingRef/fiscal-years/:fiscalYear/${collection}`;

export interface CollectionRouteOptions {
  read: Permission;
  write: Permission;
  /**
   * How rows become the caller's answers (units add derived fields; people answer owners and
   * residents the directory's view). What the answer's schema does not list is stripped.
   */
  views?: (db: DbOrTx, scope: YearScope, rows: RecordRow[], req: FastifyRequest) => Promise<unknown[]>;
  visibleTo?: (req: FastifyRequest) => RecordAudience;
}

/**
 * The five routes every registry collection has: list, read one, create, edit, archive. Each
 * write runs in one transaction with its log entry and live event.
 */
export function collectionRoutes<C extends object, E extends object>(
  app: FastifyInstance,
  platform: Platform,
  def: CollectionDef<C, E>,
  options: CollectionRouteOptions,
): void {
  const api = typed(app);
  const base = collectionPath(def.collection);
  // One routine serves every collection, so the answers are checked by the serializer, not typed here.
  const readSchema: z.ZodType = registryReadSchemas[def.collection];
  const writeSchema: z.ZodType = registryWriteSchemas[def.collection];
  const pageSchema: z.ZodType = registryPageSchemas[def.collection];
  const listQuery: z.ZodType<PageQuery> = registryListQuerySchemas[def.collection];
  const views =
    options.views ?? (async (_db: DbOrTx, _scope: YearScope, rows: RecordRow[]) => rows.map(recordView));
  const visible = (req: FastifyRequest) => options.visibleTo?.(req) ?? {};
  const answer = async (scope: YearScope, row: RecordRow, req: FastifyRequest) =>
    (await views(platform.db, scope, [row], req))[0];

  // Issue 14: a page of the list, searched, filtered and sorted in the database.
  api.get(
    base,
    {
      config: { permission: inBuilding(options.read) },
      schema: {
        params: yearParams,
        querystring: listQuery,
        response: { 200: pageSchema },
      },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const page = await pageRecords(
        platform.db,
        scope,
        def.collection,
        visible(req),
        req.query,
        readerOf(req),
      );
      const items = page.rows.length > 0 ? await views(platform.db, scope, page.rows, req) : [];
      return { items, total: page.total, archivedCount: page.archivedCount };
    },
  );

  api.get(
    `${base}/:uuid`,
    {
      config: { permission: inBuilding(options.read) },
      schema: { params: recordParams, response: { 200: readSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const { ownerEmail, liveOnly } = visible(req);
      const row = await findRecord(platform.db, scope, def.collection, req.params.uuid);
      // An owner asking for someone else's unit learns nothing, not even that it exists.
      if (
        !row ||
        (ownerEmail !== undefined && !row.ownersEmails.includes(ownerEmail.toLowerCase())) ||
        (liveOnly && row.archived)
      ) {
        throw new AppError('notFound');
      }
      return answer(scope, row, req);
    },
  );

  api.post(
    base,
    {
      config: { permission: inBuilding(options.write) },
      schema: { params: yearParams, body: def.createSchema, response: { 201: writeSchema } },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const row = await platform.db.transaction((tx) => createRecord(tx, scope, source, def, req.body as C));
      return reply.code(201).send(await answer(scope, row, req));
    },
  );

  api.put(
    `${base}/:uuid`,
    {
      config: { permission: inBuilding(options.write) },
      schema: { params: recordParams, body: def.editSchema, response: { 200: writeSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const effects = { mailer: platform.mailer, now: platform.clock.now() };
      const row = await platform.db.transaction((tx) =>
        editRecord(tx, scope, source, def, req.params.uuid, req.body as E, def.editableFields, effects),
      );
      return answer(scope, row, req);
    },
  );

  api.post(
    `${base}/:uuid/archive`,
    {
      config: { permission: inBuilding(options.write) },
      schema: { params: recordParams, body: archiveBody, response: { 200: writeSchema } },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const row = await platform.db.transaction((tx) =>
        setArchived(tx, scope, source, def, req.params.uuid, req.body.archived),
      );
      return answer(scope, row, req);
    },
  );
}

/** What the caller's search may look into, and their day. */
const readerOf = (req: FastifyRequest): ListReader => ({
  wholeRegistry: readsWholeRegistry(req),
  email: userOf(req).email.toLowerCase(),
  today: () => requestToday(req),
  language: req.ctx.language,
});

/** SPEC 6: an owner sees only the units whose owners include their email. */
export const ownUnitsOnly = (req: FastifyRequest): { ownerEmail?: string } =>
  buildingOf(req).role === 'owner' ? { ownerEmail: userOf(req).email } : {};
