import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { translate, type Language, type RequestTag, type RequestTagInput } from '@copro/domain';
import { requestTagInputSchema } from '@copro/domain';
import type { DbOrTx, Tx } from '../../../db/client';
import { request, requestEmailTemplate, requestTag, type LogSource } from '../../../db/schema/index';
import { changesBetween } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import { groupRequestHandlersOf, requestHandlersOf, userNamesOf } from '../../tenancy';
import { publishRequests, publishTags } from './live';
import { keeperColumns, keptBy, offeredIn, type KeeperScope } from './scope';
import { logInEachBuilding } from '../../../platform/keepers';

/** A tag as its row holds it. */
export type TagRow = typeof requestTag.$inferSelect;

export interface Writer {
  source: LogSource;
  language: Language;
}

/** The tags offered in the scope (a building's own and its group's), by name. */
export async function tagRowsOf(db: DbOrTx, scope: KeeperScope): Promise<TagRow[]> {
  return db
    .select()
    .from(requestTag)
    .where(offeredIn(scope, requestTag))
    .orderBy(asc(requestTag.name), asc(requestTag.uuid));
}

export async function listTags(db: DbOrTx, scope: KeeperScope): Promise<RequestTag[]> {
  const rows = await tagRowsOf(db, scope);
  const names = await userNamesOf(
    db,
    rows.flatMap((r) => (r.defaultHandlerId ? [r.defaultHandlerId] : [])),
  );
  return rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    color: r.color,
    defaultHandlerId: r.defaultHandlerId,
    defaultHandlerName: r.defaultHandlerId ? (names.get(r.defaultHandlerId) ?? null) : null,
    scope: r.buildingId ? 'building' : 'group',
  }));
}

/** A tag's default handler must handle requests where the tag is offered. */
async function assertHandler(db: DbOrTx, scope: KeeperScope, handlerId: string | null): Promise<void> {
  if (handlerId === null) return;
  const handlers =
    scope.kind === 'group'
      ? await groupRequestHandlersOf(db, scope.buildingGroupId)
      : await requestHandlersOf(db, scope.buildingId);
  if (!handlers.some((h) => h.id === handlerId))
    throw new AppError('validation', [
      { path: ['defaultHandlerId'], key: 'requests.validation.notAHandler' },
    ]);
}

async function tagOrNotFound(tx: DbOrTx, scope: KeeperScope, uuid: string): Promise<TagRow> {
  const [row] = await tx
    .select()
    .from(requestTag)
    .where(and(keptBy(scope, requestTag), eq(requestTag.uuid, uuid)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

const viewOf = async (tx: DbOrTx, scope: KeeperScope, uuid: string): Promise<RequestTag> => {
  const found = (await listTags(tx, scope)).find((t) => t.uuid === uuid);
  if (!found) throw new AppError('notFound');
  return found;
};

export async function createTag(
  tx: Tx,
  scope: KeeperScope,
  by: Writer,
  body: RequestTagInput,
): Promise<RequestTag> {
  const input = requestTagInputSchema.parse(body);
  await assertHandler(tx, scope, input.defaultHandlerId);
  const uuid = randomUUID();
  await tx.insert(requestTag).values({ ...keeperColumns(scope), uuid, ...input });
  const buildings = await logInEachBuilding(tx, scope, {
    event: 'requestTagCreated',
    source: by.source,
    message: translate(by.language, 'requests.log.tagCreated', { name: input.name }),
    metadata: { tagUuid: uuid, name: input.name, color: input.color },
    indexes: [uuid],
  });
  await publishTags(tx, buildings, [uuid]);
  return viewOf(tx, scope, uuid);
}

export async function editTag(
  tx: Tx,
  scope: KeeperScope,
  by: Writer,
  uuid: string,
  body: RequestTagInput,
): Promise<RequestTag> {
  const input = requestTagInputSchema.parse(body);
  const before = await tagOrNotFound(tx, scope, uuid);
  if (input.defaultHandlerId !== before.defaultHandlerId)
    await assertHandler(tx, scope, input.defaultHandlerId);
  await tx.update(requestTag).set(input).where(eq(requestTag.uuid, uuid));
  const buildings = await logInEachBuilding(tx, scope, {
    event: 'requestTagUpdated',
    source: by.source,
    message: translate(by.language, 'requests.log.tagUpdated', { name: input.name }),
    metadata: { tagUuid: uuid },
    changes: changesBetween(before, input),
    indexes: [uuid],
  });
  await publishTags(tx, buildings, [uuid]);
  return viewOf(tx, scope, uuid);
}

/** Deletes a tag and takes it off every request and template that named it. */
export async function deleteTag(tx: Tx, scope: KeeperScope, by: Writer, uuid: string): Promise<void> {
  const before = await tagOrNotFound(tx, scope, uuid);
  await tx.delete(requestTag).where(eq(requestTag.uuid, uuid));
  // Tag uuids are unique everywhere: what names this one is in the tag's building or group only.
  const changed = await tx
    .update(request)
    .set({ tags: sql`array_remove(${request.tags}, ${uuid}::uuid)` })
    .where(sql`${uuid}::uuid = any(${request.tags})`)
    .returning({ buildingId: request.buildingId, uuid: request.uuid });
  for (const buildingId of new Set(changed.map((r) => r.buildingId))) {
    const uuids = changed.filter((r) => r.buildingId === buildingId).map((r) => r.uuid);
    await publishRequests(tx, buildingId, uuids);
  }
  await tx
    .update(requestEmailTemplate)
    .set({ tags: sql`array_remove(${requestEmailTemplate.tags}, ${uuid}::uuid)` })
    .where(sql`${uuid}::uuid = any(${requestEmailTemplate.tags})`);
  const buildings = await logInEachBuilding(tx, scope, {
    event: 'requestTagDeleted',
    source: by.source,
    message: translate(by.language, 'requests.log.tagDeleted', { name: before.name }),
    metadata: { tagUuid: uuid, name: before.name },
    indexes: [uuid],
  });
  await publishTags(tx, buildings, [uuid]);
}
