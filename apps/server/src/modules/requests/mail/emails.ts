import { and, count, desc, eq, inArray, notExists } from 'drizzle-orm';
import type { EmailFolderQuery, LooseEmailFolder, RequestEmailFolder, RequestEmailMove } from '@copro/domain';
import type { DbOrTx, Tx } from '../../../db/client';
import { requestEmail, requestEmailRead } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { Platform } from '../../../platform/platform';
import type { FileChanges } from '../../../platform/storage';
import type { RequestsContext } from '../requests/context';
import { requestExists } from '../requests/intake';
import { readableRequest } from '../requests/requests';
import type { MailContext } from './context';
import { publishRequestEmails } from './live';
import { logEmail } from './mail-log';
import { conversationRows, emailFileKey, emailViews, findEmail, type RequestEmailView } from './store';

/** The stored folders a folder of the list shows: "unassigned" is every email in no request nobody set aside. */
const foldersShown = (folder: LooseEmailFolder): RequestEmailFolder[] =>
  folder === 'unassigned' ? ['unassigned', 'unknown'] : [folder];

const viewsOf = (platform: Platform, db: DbOrTx, ctx: MailContext) => ({
  db,
  mailer: platform.mailer,
  buildingId: ctx.buildingId,
  userId: ctx.userId,
});

/** One page of a folder, newest first, with how many emails it holds. */
export async function folderPage(
  platform: Platform,
  ctx: MailContext,
  query: EmailFolderQuery,
): Promise<{ items: RequestEmailView[]; total: number }> {
  const where = and(
    eq(requestEmail.buildingId, ctx.buildingId),
    inArray(requestEmail.folder, foldersShown(query.folder)),
  );
  const rows = await platform.db
    .select()
    .from(requestEmail)
    .where(where)
    .orderBy(desc(requestEmail.date), desc(requestEmail.seq))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await platform.db.select({ n: count() }).from(requestEmail).where(where);
  return { items: await emailViews(viewsOf(platform, platform.db, ctx), rows), total: total?.n ?? 0 };
}

/**
 * A request's conversation, oldest first: every request's for its handlers, and their own
 * request's for its requester (the requests part's `readableRequest`), else not found.
 */
export async function conversation(
  platform: Platform,
  ctx: MailContext,
  reader: RequestsContext,
  requestUuid: string,
): Promise<{ items: RequestEmailView[] }> {
  await readableRequest(platform.db, reader, requestUuid);
  const rows = await conversationRows(platform.db, ctx.buildingId, requestUuid);
  return { items: await emailViews(viewsOf(platform, platform.db, ctx), rows) };
}

export async function oneEmail(
  platform: Platform,
  ctx: MailContext,
  uuid: string,
): Promise<RequestEmailView> {
  const row = await findEmail(platform.db, ctx.buildingId, uuid);
  const [view] = await emailViews(viewsOf(platform, platform.db, ctx), [row]);
  return view!;
}

/** Read or unread for this user only (SPEC 3 "read (a user)"): not a change of the building, so not logged. */
export async function markRead(
  tx: Tx,
  platform: Platform,
  ctx: MailContext,
  uuid: string,
  read: boolean,
): Promise<RequestEmailView> {
  const row = await findEmail(tx, ctx.buildingId, uuid);
  if (read) {
    await tx
      .insert(requestEmailRead)
      .values({
        buildingId: ctx.buildingId,
        emailUuid: uuid,
        userId: ctx.userId,
        readAt: platform.clock.now(),
      })
      .onConflictDoNothing();
  } else {
    await tx
      .delete(requestEmailRead)
      .where(
        and(
          eq(requestEmailRead.buildingId, ctx.buildingId),
          eq(requestEmailRead.emailUuid, uuid),
          eq(requestEmailRead.userId, ctx.userId),
        ),
      );
  }
  await publishRequestEmails(tx, ctx.buildingId, [uuid]);
  const [view] = await emailViews(viewsOf(platform, tx, ctx), [row]);
  return view!;
}

/**
 * Files an email into a request (logged "request email assigned") or into a folder outside
 * requests: archived is logged "archived", spam, unknown and unassigned "assigned" to that folder.
 */
export async function moveEmail(
  tx: Tx,
  platform: Platform,
  ctx: MailContext,
  uuid: string,
  move: RequestEmailMove,
): Promise<RequestEmailView> {
  const row = await findEmail(tx, ctx.buildingId, uuid, true);
  if ('requestUuid' in move) {
    if (!(await requestExists(tx, ctx.buildingId, move.requestUuid))) throw new AppError('notFound');
    await tx
      .update(requestEmail)
      .set({ folder: 'request', requestUuid: move.requestUuid })
      .where(and(eq(requestEmail.buildingId, ctx.buildingId), eq(requestEmail.uuid, uuid)));
    await logEmail(
      tx,
      ctx,
      { ...row, requestUuid: move.requestUuid },
      {
        event: 'requestEmailAssigned',
        message: 'assigned',
        metadata: { requestUuid: move.requestUuid, fromFolder: row.folder },
      },
    );
  } else {
    await tx
      .update(requestEmail)
      .set({ folder: move.folder, requestUuid: null })
      .where(and(eq(requestEmail.buildingId, ctx.buildingId), eq(requestEmail.uuid, uuid)));
    await logEmail(tx, ctx, row, {
      event: move.folder === 'archived' ? 'requestEmailArchived' : 'requestEmailAssigned',
      message: `movedTo.${move.folder}`,
      metadata: { folder: move.folder, fromFolder: row.folder, fromRequestUuid: row.requestUuid },
    });
  }
  await publishRequestEmails(tx, ctx.buildingId, [uuid]);
  const [view] = await emailViews(viewsOf(platform, tx, ctx), [await findEmail(tx, ctx.buildingId, uuid)]);
  return view!;
}

/** Deletes an email and, once that commits, its files (logged "request email deleted"). */
export async function deleteEmail(tx: Tx, files: FileChanges, ctx: MailContext, uuid: string): Promise<void> {
  const row = await findEmail(tx, ctx.buildingId, uuid, true);
  await tx
    .delete(requestEmail)
    .where(and(eq(requestEmail.buildingId, ctx.buildingId), eq(requestEmail.uuid, uuid)));
  for (const file of row.attachments)
    files.removeAfterCommit(emailFileKey(ctx.buildingId, uuid, file.fileId));
  await logEmail(tx, ctx, row, {
    event: 'requestEmailDeleted',
    message: 'deleted',
    metadata: { folder: row.folder, requestUuid: row.requestUuid },
  });
  await publishRequestEmails(tx, ctx.buildingId, [uuid]);
}

/**
 * One of an email's files, as it was received or sent. A requester reads only the files of their
 * own request's emails; any other is not found for them, as the email is.
 */
export async function emailFile(
  platform: Platform,
  ctx: MailContext,
  reader: RequestsContext,
  uuid: string,
  fileId: string,
): Promise<{ fileName: string; mimeType: string; bytes: Buffer }> {
  const row = await findEmail(platform.db, ctx.buildingId, uuid);
  if (!reader.readsAll) {
    if (!row.requestUuid) throw new AppError('notFound');
    await readableRequest(platform.db, reader, row.requestUuid);
  }
  const file = row.attachments.find((a) => a.fileId === fileId);
  const bytes = file ? await platform.storage.get(emailFileKey(ctx.buildingId, uuid, fileId)) : null;
  if (!file || !bytes) throw new AppError('notFound');
  return { fileName: file.fileName, mimeType: file.mimeType, bytes };
}

/** Emails in no request nobody set aside (unassigned, unknown) that this user has not read, up to `cap`. */
export async function unreadUnassignedCount(
  db: DbOrTx,
  buildingId: string,
  userId: string,
  cap: number,
): Promise<number> {
  const unread = db
    .select({ uuid: requestEmail.uuid })
    .from(requestEmail)
    .where(
      and(
        eq(requestEmail.buildingId, buildingId),
        inArray(requestEmail.folder, ['unassigned', 'unknown']),
        notExists(
          db
            .select({ one: requestEmailRead.userId })
            .from(requestEmailRead)
            .where(
              and(
                eq(requestEmailRead.buildingId, requestEmail.buildingId),
                eq(requestEmailRead.emailUuid, requestEmail.uuid),
                eq(requestEmailRead.userId, userId),
              ),
            ),
        ),
      ),
    )
    .limit(cap)
    .as('unread');
  const [row] = await db.select({ n: count() }).from(unread);
  return row?.n ?? 0;
}
