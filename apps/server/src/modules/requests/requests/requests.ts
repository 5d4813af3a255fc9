import { randomUUID } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  assigneeFor,
  maxRequestAttachments,
  missingMandatoryTag,
  newRequestSchema,
  requestEditSchema,
  translate,
  unknownTagIndexes,
  type FieldIssue,
  type NewRequest,
  type RequestAttachment,
  type RequestDetail,
  type RequestEdit,
} from '@copro/domain';
import type { DbOrTx, Tx } from '../../../db/client';
import { request, requestNote, requestNumber } from '../../../db/schema/index';
import { changesBetween, writeLog, type LogEvent } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { FileChanges, FileStorage } from '../../../platform/storage';
import { buildingMemberOf, requestHandlersOf } from '../../tenancy';
import { moveRequestEmails, releaseRequestEmails } from '../mail/thread-moves';
import type { UploadedRequestFile } from './attachment-files';
import type { RequestsContext } from './context';
import { publishRequests } from './live';
import { unitsOffered } from './units';
import { tagRowsOf } from './tags';
import { detailOf, type RequestRow } from './views';

/**
 * A building's requests (DOMAIN 11). Owners, residents and approvers make their own and add files
 * to them; handlers, approvers and admins make them for anyone and handle every one. Owners and
 * residents see only theirs: made by them in the app, or sent by email from their address.
 */

/** Where a request's file is kept: by the file alone, so a merge moves it without copying. */
export const requestFileKey = (buildingId: string, fileId: string): string =>
  `buildings/${buildingId}/requests/files/${fileId}`;

/** The requests `ctx`'s user may read. */
export function visibleTo(ctx: Pick<RequestsContext, 'buildingId' | 'readsAll' | 'user'>): SQL {
  const inBuilding = eq(request.buildingId, ctx.buildingId);
  if (ctx.readsAll) return inBuilding;
  return and(
    inBuilding,
    or(
      eq(request.requesterId, ctx.user.id),
      sql`lower(${request.requesterEmail}) = ${ctx.user.email.toLowerCase()}`,
    ),
  )!;
}

/** A request the user may read, else not found (an owner is not told another's exists). */
export async function readableRequest(
  db: DbOrTx,
  ctx: RequestsContext,
  uuid: string,
  lock = false,
): Promise<RequestRow> {
  const query = db
    .select()
    .from(request)
    .where(and(visibleTo(ctx), eq(request.uuid, uuid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  return row;
}

/** A request the user may add to: a handler's any, a requester's own while they may make requests. */
async function ownOrHandled(tx: DbOrTx, ctx: RequestsContext, uuid: string): Promise<RequestRow> {
  const row = await readableRequest(tx, ctx, uuid, true);
  if (!ctx.canHandle && !ctx.canCreateOwn) throw new AppError('forbidden');
  return row;
}

const buildingScope = (ctx: RequestsContext) => ({
  kind: 'building' as const,
  buildingId: ctx.buildingId,
  buildingGroupId: ctx.buildingGroupId,
});

const validation = (issues: FieldIssue[]): AppError => new AppError('validation', issues);

/** The request's tags and assignee checked against the building: known tags, a tag when required, a handler. */
async function settleTagsAndAssignee(
  tx: DbOrTx,
  ctx: RequestsContext,
  tags: string[],
  assigneeId: string | null,
): Promise<string | null> {
  const tagRows = await tagRowsOf(tx, buildingScope(ctx));
  const issues: FieldIssue[] = unknownTagIndexes(tags, new Set(tagRows.map((t) => t.uuid))).map((i) => ({
    path: ['tags', i],
    key: 'requests.validation.unknownTag',
  }));
  if (missingMandatoryTag(ctx.tagsMandatory, tags))
    issues.push({ path: ['tags'], key: 'requests.validation.tagRequired' });
  const handlers = new Set((await requestHandlersOf(tx, ctx.buildingId)).map((h) => h.id));
  if (assigneeId !== null && !handlers.has(assigneeId))
    issues.push({ path: ['assigneeId'], key: 'requests.validation.notAHandler' });
  if (issues.length > 0) throw validation(issues);
  return assigneeFor(assigneeId, tags, tagRows, (id) => handlers.has(id));
}

async function assertUnit(tx: DbOrTx, ctx: RequestsContext, unitUuid: string | null): Promise<void> {
  if (unitUuid === null) return;
  if (!(await unitsOffered(tx, ctx)).some((u) => u.uuid === unitUuid))
    throw validation([{ path: ['unitUuid'], key: 'requests.validation.unknownUnit' }]);
}

/** The building's next request number, taken under the counter row's lock. */
export async function nextNumber(tx: DbOrTx, buildingId: string): Promise<number> {
  const [row] = await tx
    .insert(requestNumber)
    .values({ buildingId, last: 1 })
    .onConflictDoUpdate({ target: requestNumber.buildingId, set: { last: sql`${requestNumber.last} + 1` } })
    .returning({ last: requestNumber.last });
  return row!.last;
}

export async function logRequest(
  tx: DbOrTx,
  ctx: Pick<RequestsContext, 'buildingId' | 'source' | 'language'>,
  row: Pick<RequestRow, 'uuid' | 'number' | 'title'>,
  event: LogEvent,
  messageKey: string,
  extra: { metadata?: Record<string, unknown>; changes?: ReturnType<typeof changesBetween> } = {},
): Promise<void> {
  await writeLog(tx, {
    buildingId: ctx.buildingId,
    event,
    source: ctx.source,
    message: translate(ctx.language, `requests.log.${messageKey}`, { number: row.number, title: row.title }),
    metadata: { requestUuid: row.uuid, number: row.number, ...extra.metadata },
    ...(extra.changes ? { changes: extra.changes } : {}),
    indexes: [row.uuid],
  });
}

export async function createRequest(
  tx: Tx,
  ctx: RequestsContext,
  body: NewRequest,
  now: Date,
): Promise<RequestDetail> {
  const input = newRequestSchema.parse(body);
  if (!ctx.canHandle) {
    if (!ctx.canCreateOwn) throw new AppError('forbidden');
    // Made by the caller for themself: who it is for and who handles it are the handlers' to say.
    if (
      input.requesterId !== null ||
      input.assigneeId !== null ||
      input.requesterName ||
      input.requesterEmail
    )
      throw new AppError('forbidden');
  }
  await assertUnit(tx, ctx, input.unitUuid);
  const assigneeId = await settleTagsAndAssignee(tx, ctx, input.tags, input.assigneeId);
  let requester = {
    id: ctx.user.id as string | null,
    name: ctx.user.name,
    email: ctx.user.email as string | null,
  };
  if (ctx.canHandle && input.requesterId !== null) {
    const found = await buildingMemberOf(tx, ctx.buildingId, input.requesterId);
    if (!found) throw validation([{ path: ['requesterId'], key: 'requests.validation.notAMember' }]);
    requester = { id: found.id, name: found.name, email: found.email };
  } else if (ctx.canHandle && input.requesterName) {
    requester = { id: null, name: input.requesterName, email: input.requesterEmail || null };
  }
  const uuid = randomUUID();
  const [row] = await tx
    .insert(request)
    .values({
      buildingId: ctx.buildingId,
      uuid,
      number: await nextNumber(tx, ctx.buildingId),
      title: input.title,
      description: input.description,
      status: 'open',
      unitUuid: input.unitUuid,
      requesterId: requester.id,
      requesterName: requester.name,
      requesterEmail: requester.email,
      assigneeId,
      tags: input.tags,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    })
    .returning();
  const own = requester.id === ctx.user.id && !ctx.canHandle;
  await logRequest(
    tx,
    ctx,
    row!,
    own ? 'requestSubmitted' : 'requestCreated',
    own ? 'submitted' : 'created',
    {
      metadata: { source: 'app', assigneeId, tags: input.tags },
    },
  );
  await publishRequests(tx, ctx.buildingId, [uuid]);
  return detailOf(tx, ctx, row!);
}

export async function editRequest(
  tx: Tx,
  ctx: RequestsContext,
  uuid: string,
  body: RequestEdit,
  now: Date,
): Promise<RequestDetail> {
  const input = requestEditSchema.parse(body);
  const before = await readableRequest(tx, ctx, uuid, true);
  if (input.unitUuid !== undefined && input.unitUuid !== before.unitUuid)
    await assertUnit(tx, ctx, input.unitUuid);
  const tags = input.tags ?? before.tags;
  const assigneeId = await settleTagsAndAssignee(
    tx,
    ctx,
    tags,
    input.assigneeId !== undefined ? input.assigneeId : before.assigneeId,
  );
  const after = { ...input, tags, assigneeId };
  const changes = changesBetween(before, after);
  if (changes.length === 0) return detailOf(tx, ctx, before);
  const [row] = await tx
    .update(request)
    .set({ ...after, updatedAt: now, lastActivityAt: now })
    .where(and(eq(request.buildingId, ctx.buildingId), eq(request.uuid, uuid)))
    .returning();
  await logRequest(tx, ctx, row!, 'requestEdited', 'edited', { changes });
  await publishRequests(tx, ctx.buildingId, [uuid]);
  return detailOf(tx, ctx, row!);
}

export async function deleteRequest(
  tx: Tx,
  ctx: RequestsContext,
  files: FileChanges,
  uuid: string,
): Promise<void> {
  const row = await readableRequest(tx, ctx, uuid, true);
  // Its emails are the senders', not the request's: they go back to the unassigned folder.
  const releasedEmails = await releaseRequestEmails(tx, ctx, row);
  await tx
    .delete(requestNote)
    .where(and(eq(requestNote.buildingId, ctx.buildingId), eq(requestNote.requestUuid, uuid)));
  await tx.delete(request).where(and(eq(request.buildingId, ctx.buildingId), eq(request.uuid, uuid)));
  for (const a of row.attachments) files.removeAfterCommit(requestFileKey(ctx.buildingId, a.fileId));
  await logRequest(tx, ctx, row, 'requestDeleted', 'deleted', { metadata: { releasedEmails } });
  await publishRequests(tx, ctx.buildingId, [uuid]);
}

export async function addNote(
  tx: Tx,
  ctx: RequestsContext,
  uuid: string,
  text: string,
  now: Date,
): Promise<RequestDetail> {
  const row = await readableRequest(tx, ctx, uuid, true);
  await tx.insert(requestNote).values({
    buildingId: ctx.buildingId,
    uuid: randomUUID(),
    requestUuid: uuid,
    authorId: ctx.user.id,
    authorName: ctx.user.name,
    text,
    at: now,
  });
  const [touched] = await tx
    .update(request)
    .set({ lastActivityAt: now })
    .where(and(eq(request.buildingId, ctx.buildingId), eq(request.uuid, uuid)))
    .returning();
  await logRequest(tx, ctx, row, 'requestNoteAdded', 'noteAdded');
  await publishRequests(tx, ctx.buildingId, [uuid]);
  return detailOf(tx, ctx, touched!);
}

/** A request's new list of files, logged as an edit of it by their names. */
async function saveAttachments(
  tx: Tx,
  ctx: RequestsContext,
  before: RequestRow,
  attachments: RequestAttachment[],
  messageKey: 'filesAdded' | 'fileRemoved',
  now: Date,
): Promise<RequestDetail> {
  const [row] = await tx
    .update(request)
    .set({ attachments, updatedAt: now, lastActivityAt: now })
    .where(and(eq(request.buildingId, ctx.buildingId), eq(request.uuid, before.uuid)))
    .returning();
  await logRequest(tx, ctx, row!, 'requestEdited', messageKey, {
    changes: [
      {
        field: 'attachments',
        before: before.attachments.map((a) => a.fileName),
        after: attachments.map((a) => a.fileName),
      },
    ],
  });
  await publishRequests(tx, ctx.buildingId, [before.uuid]);
  return detailOf(tx, ctx, row!);
}

const tooManyFiles = () => validation([{ path: ['file'], key: 'requests.validation.tooManyFiles' }]);

export async function addAttachments(
  tx: Tx,
  ctx: RequestsContext,
  files: FileChanges,
  uuid: string,
  uploads: UploadedRequestFile[],
  now: Date,
): Promise<RequestDetail> {
  const before = await ownOrHandled(tx, ctx, uuid);
  if (before.attachments.length + uploads.length > maxRequestAttachments) throw tooManyFiles();
  const added: RequestAttachment[] = [];
  for (const upload of uploads) {
    const fileId = randomUUID();
    await files.put(requestFileKey(ctx.buildingId, fileId), upload.bytes);
    added.push({ fileId, fileName: upload.fileName, mimeType: upload.mimeType, size: upload.bytes.length });
  }
  return saveAttachments(tx, ctx, before, [...before.attachments, ...added], 'filesAdded', now);
}

export async function removeAttachment(
  tx: Tx,
  ctx: RequestsContext,
  files: FileChanges,
  uuid: string,
  fileId: string,
  now: Date,
): Promise<RequestDetail> {
  const before = await ownOrHandled(tx, ctx, uuid);
  const file = before.attachments.find((a) => a.fileId === fileId);
  if (!file) throw new AppError('notFound');
  files.removeAfterCommit(requestFileKey(ctx.buildingId, fileId));
  const attachments = before.attachments.filter((a) => a.fileId !== fileId);
  return saveAttachments(tx, ctx, before, attachments, 'fileRemoved', now);
}

export async function attachmentOf(
  db: DbOrTx,
  storage: FileStorage,
  ctx: RequestsContext,
  uuid: string,
  fileId: string,
): Promise<{ file: RequestAttachment; bytes: Buffer }> {
  const row = await readableRequest(db, ctx, uuid);
  const file = row.attachments.find((a) => a.fileId === fileId);
  const bytes = file ? await storage.get(requestFileKey(ctx.buildingId, file.fileId)) : null;
  if (!file || !bytes) throw new AppError('notFound');
  return { file, bytes };
}

/**
 * Merges request `uuid` into `intoUuid`: its emails, internal notes, attachments and tags go to
 * the target (tags once each, in the target's order first), and the source is deleted. A target
 * assigned to nobody takes the source's assignee.
 */
export async function mergeRequest(
  tx: Tx,
  ctx: RequestsContext,
  uuid: string,
  intoUuid: string,
  now: Date,
): Promise<RequestDetail> {
  if (uuid === intoUuid)
    throw validation([{ path: ['intoUuid'], key: 'requests.validation.mergeIntoItself' }]);
  // Locked in a fixed order, so two merges of the same pair cannot wait on each other.
  const [first, second] = [uuid, intoUuid].sort();
  const locked = new Map<string, RequestRow>();
  for (const u of [first!, second!]) locked.set(u, await readableRequest(tx, ctx, u, true));
  const source = locked.get(uuid)!;
  const target = locked.get(intoUuid)!;
  const attachments = [...target.attachments, ...source.attachments];
  if (attachments.length > maxRequestAttachments) throw tooManyFiles();
  const tags = [...new Set([...target.tags, ...source.tags])];
  const emails = await moveRequestEmails(tx, ctx.buildingId, uuid, intoUuid);
  const notes = await tx
    .update(requestNote)
    .set({ requestUuid: intoUuid })
    .where(and(eq(requestNote.buildingId, ctx.buildingId), eq(requestNote.requestUuid, uuid)))
    .returning({ uuid: requestNote.uuid });
  await tx.delete(request).where(and(eq(request.buildingId, ctx.buildingId), eq(request.uuid, uuid)));
  const [row] = await tx
    .update(request)
    .set({
      attachments,
      tags,
      assigneeId: target.assigneeId ?? source.assigneeId,
      updatedAt: now,
      lastActivityAt: now,
    })
    .where(and(eq(request.buildingId, ctx.buildingId), eq(request.uuid, intoUuid)))
    .returning();
  await writeLog(tx, {
    buildingId: ctx.buildingId,
    event: 'requestMerged',
    source: ctx.source,
    message: translate(ctx.language, 'requests.log.merged', { from: source.number, into: target.number }),
    metadata: {
      requestUuid: intoUuid,
      number: target.number,
      mergedUuid: uuid,
      mergedNumber: source.number,
      mergedTitle: source.title,
      moved: {
        emails,
        notes: notes.length,
        attachments: source.attachments.length,
        tags: source.tags.length,
      },
    },
    indexes: [intoUuid, uuid],
  });
  await publishRequests(tx, ctx.buildingId, [uuid, intoUuid]);
  return detailOf(tx, ctx, row!);
}
