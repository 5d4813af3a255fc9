import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { EmailDeliveryStatus, requestEmailSchema } from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { requestEmail, requestEmailRead, user } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { Mailer } from '../../../platform/mail';

export type RequestEmailRow = typeof requestEmail.$inferSelect;

/** The storage key of an email's file: under the building, the email and the file's own id. */
export const emailFileKey = (buildingId: string, emailUuid: string, fileId: string): string =>
  `buildings/${buildingId}/request-emails/${emailUuid}/${fileId}`;

export async function findEmail(
  db: DbOrTx,
  buildingId: string,
  uuid: string,
  lock = false,
): Promise<RequestEmailRow> {
  const query = db
    .select()
    .from(requestEmail)
    .where(and(eq(requestEmail.buildingId, buildingId), eq(requestEmail.uuid, uuid)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  return row;
}

/** Which of these emails the user has read. */
async function readByUser(
  db: DbOrTx,
  buildingId: string,
  userId: string,
  uuids: readonly string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .select({ uuid: requestEmailRead.emailUuid })
    .from(requestEmailRead)
    .where(
      and(
        eq(requestEmailRead.buildingId, buildingId),
        eq(requestEmailRead.userId, userId),
        inArray(requestEmailRead.emailUuid, [...uuids]),
      ),
    );
  return new Set(rows.map((r) => r.uuid));
}

/** The names of the users who wrote these replies. */
async function writersOf(db: DbOrTx, rows: readonly RequestEmailRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.internalSentBy ? [r.internalSentBy] : [])))];
  if (ids.length === 0) return new Map();
  const writers = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
  return new Map(writers.map((r) => [r.id, r.name]));
}

/** An email as the route answers it, before the response schema turns dates into strings. */
export type RequestEmailView = z.input<typeof requestEmailSchema>;

export interface ViewContext {
  db: DbOrTx;
  mailer: Mailer;
  buildingId: string;
  userId: string;
}

/** The emails as the user sees them: read state, the writer of our replies, their delivery status. */
export async function emailViews(
  ctx: ViewContext,
  rows: readonly RequestEmailRow[],
): Promise<RequestEmailView[]> {
  const uuids = rows.map((r) => r.uuid);
  // One after the other: inside a transaction the queries share one connection anyway.
  const read = await readByUser(ctx.db, ctx.buildingId, ctx.userId, uuids);
  const writers = await writersOf(ctx.db, rows);
  const states = await ctx.mailer.deliveryStates(
    ctx.db,
    rows.flatMap((r) => (r.outboxId ? [r.outboxId] : [])),
  );
  return rows.map((r) => ({
    uuid: r.uuid,
    date: r.date,
    self: r.self,
    fromAddress: r.fromAddress,
    fromName: r.fromName,
    sentBy: r.internalSentBy ? (writers.get(r.internalSentBy) ?? null) : null,
    to: r.to,
    cc: r.cc,
    subject: r.subject,
    preview: r.preview,
    read: read.has(r.uuid),
    folder: r.folder,
    requestUuid: r.requestUuid,
    // A reply of ours without an outbox mail was not sent: the building sends no emails.
    sentStatus: !r.self
      ? null
      : r.outboxId
        ? ((states.get(r.outboxId)?.status as EmailDeliveryStatus | undefined) ?? null)
        : ('blocked' as const),
    attachmentCount: r.attachments.length,
    text: r.text,
    html: r.html,
    messageId: r.messageId,
    inReplyTo: r.inReplyTo,
    references: r.references,
    attachments: r.attachments,
    refusedAttachments: r.refusedAttachments,
  }));
}

/** A request's emails, oldest first. */
export async function conversationRows(
  db: DbOrTx,
  buildingId: string,
  requestUuid: string,
): Promise<RequestEmailRow[]> {
  return db
    .select()
    .from(requestEmail)
    .where(and(eq(requestEmail.buildingId, buildingId), eq(requestEmail.requestUuid, requestUuid)))
    .orderBy(requestEmail.date, requestEmail.seq);
}

/** The latest email of a request's thread (what a reply answers). */
export async function latestOfRequest(
  db: DbOrTx,
  buildingId: string,
  requestUuid: string,
): Promise<RequestEmailRow | null> {
  const [row] = await db
    .select()
    .from(requestEmail)
    .where(and(eq(requestEmail.buildingId, buildingId), eq(requestEmail.requestUuid, requestUuid)))
    .orderBy(desc(requestEmail.date), desc(requestEmail.seq))
    .limit(1);
  return row ?? null;
}
