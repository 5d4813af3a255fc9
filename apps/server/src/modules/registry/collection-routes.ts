import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordUuidSchema, type Permission } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { yearOf, yearParams, type YearScope } from '../../platform/fiscal-year-scope';
import type { Platform } from '../../platform/platform';
import { buildingOf, inBuilding, userOf } from '../../platform/routes';
import { typed } from '../../platform/typed';
import {
  createRecord,
  editRecord,
  findRecord,
  listRecords,
  recordView,
  setArchived,
  type CollectionDef,
  type RecordData,
  type RecordRow,
} from './records';

export const recordParams = yearParams.extend({ uuid: recordUuidSchema });
export const archiveBody = z.object({ archived: z.boolean() });

export const collectionPath = (collection: string): string =>
  `/api/buildings/:buildingRef/fiscal-years/:fiscalYear/${collection}`;

export interface CollectionRouteOptions {
  read: Permission;
  write: Permission;
  /** How rows become API answers (units add derived fields). */
  views?: (db: DbOrTx, scope: YearScope, rows: RecordRow[]) => Promise<RecordData[]>;
  /** SPEC 6 "Data by role": narrows what the caller may see (owners see their own units). */
  visibleTo?: (req: FastifyRequest) => { ownerEmail?: string };
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
  const views =
    options.views ?? (async (_db: DbOrTx, _scope: YearScope, rows: RecordRow[]) => rows.map(recordView));
  const visible = (req: FastifyRequest) => options.visibleTo?.(req) ?? {};
  const answer = async (scope: YearScope, row: RecordRow) => (await views(platform.db, scope, [row]))[0];

  api.get(
    base,
    { config: { permission: inBuilding(options.read) }, schema: { params: yearParams } },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      return views(platform.db, scope, await listRecords(platform.db, scope, def.collection, visible(req)));
    },
  );

  api.get(
    `${base}/:uuid`,
    { config: { permission: inBuilding(options.read) }, schema: { params: recordParams } },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const { ownerEmail } = visible(req);
      const row = await findRecord(platform.db, scope, def.collection, req.params.uuid);
      // An owner asking for someone else's unit learns nothing, not even that it exists.
      if (!row || (ownerEmail !== undefined && !row.ownersEmails.includes(ownerEmail.toLowerCase()))) {
        throw new AppError('notFound');
      }
      return answer(scope, row);
    },
  );

  api.post(
    base,
    {
      config: { permission: inBuilding(options.write) },
      schema: { params: yearParams, body: def.createSchema },
    },
    async (req, reply) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const row = await platform.db.transaction((tx) => createRecord(tx, scope, source, def, req.body as C));
      return reply.code(201).send(await answer(scope, row));
    },
  );

  api.put(
    `${base}/:uuid`,
    {
      config: { permission: inBuilding(options.write) },
      schema: { params: recordParams, body: def.editSchema },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const row = await platform.db.transaction((tx) =>
        editRecord(tx, scope, source, def, req.params.uuid, req.body as E),
      );
      return answer(scope, row);
    },
  );

  api.post(
    `${base}/:uuid/archive`,
    {
      config: { permission: inBuilding(options.write) },
      schema: { params: recordParams, body: archiveBody },
    },
    async (req) => {
      const scope = await yearOf(platform.db, req);
      const source = userSource(userOf(req));
      const row = await platform.db.transaction((tx) =>
        setArchived(tx, scope, source, def, req.params.uuid, req.body.archived),
      );
      return answer(scope, row);
    },
  );
}

/** SPEC 6: an owner sees only the units whose owners include their email. */
export const ownUnitsOnly = (req: FastifyRequest): { ownerEmail?: string } =>
  buildingOf(req).role === 'owner' ? { ownerEmail: userOf(req).email } : {};
