import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, exists, gt, like, sql, type SQL } from 'drizzle-orm';
import {
  readsEveryPost,
  translate,
  type FieldIssue,
  type Post,
  type PostInput,
  type PostListQuery,
  type PostPage,
  type PostTexts,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { post, postRecipient } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { Mailer } from '../../../platform/mail';
import { sanitizeRichText } from '../../../platform/rich-text';
import type { FileChanges, FileStorage } from '../../../platform/storage';
import { notReceived, sendPost } from './deliveries';
import { storePostFiles, type PostUpload } from './post-files';
import { recipientsOn } from './post-recipients';
import { postFileKey, postSummaryView, postView, type PostContext, type PostRow } from './post-rows';

/** Each language's body sanitized; a body that was nothing but what sanitizing drops is missing. */
export function sanitizedTexts(texts: PostTexts): PostTexts {
  const out: PostTexts = {};
  const issues: FieldIssue[] = [];
  for (const language of ['en', 'fr'] as const) {
    const text = texts[language];
    if (!text) continue;
    const body = sanitizeRichText(text.body);
    if (body.replace(/<[^>]*>/g, '').trim() === '') {
      issues.push({ path: ['texts', language, 'body'], key: 'validation.required' });
    }
    out[language] = { title: text.title, body };
  }
  if (issues.length > 0) throw new AppError('validation', issues);
  return out;
}

const searchTextOf = (texts: PostTexts): string =>
  [texts.en?.title, texts.fr?.title].filter(Boolean).join(' ').toLowerCase();

/** A post the reader may read: managers every one, owners and residents those addressed to their email. */
function readable(ctx: PostContext): SQL | undefined {
  if (readsEveryPost(ctx.role)) return undefined;
  return exists(
    sql`(select 1 from ${postRecipient} where ${postRecipient.buildingId} = ${post.buildingId}
      and ${postRecipient.postUuid} = ${post.uuid} and ${postRecipient.email} = ${ctx.user.email})`,
  );
}

export async function listPosts(db: DbOrTx, ctx: PostContext, query: PostListQuery): Promise<PostPage> {
  const yearAgo = `${Number(ctx.today.slice(0, 4)) - 1}${ctx.today.slice(4)}`;
  const q = query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    eq(post.buildingId, ctx.building.id),
    query.show === 'all' ? undefined : gt(post.date, yearAgo),
    q ? like(post.searchText, `%${q}%`) : undefined,
    readable(ctx),
  );
  const [total] = await db.select({ n: count() }).from(post).where(where);
  const rows = await db
    .select()
    .from(post)
    .where(where)
    .orderBy(desc(post.date), desc(post.createdAt), post.uuid)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: rows.map(postSummaryView), total: total?.n ?? 0 };
}

/** The post if the reader may read it; another building's, or one not addressed to them, is not found. */
export async function readablePost(
  db: DbOrTx,
  ctx: PostContext,
  uuid: string,
  lock = false,
): Promise<PostRow> {
  const query = db
    .select()
    .from(post)
    .where(and(eq(post.buildingId, ctx.building.id), eq(post.uuid, uuid), readable(ctx)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('notFound');
  return row;
}

/** One attachment's bytes, for a reader of its post. */
export async function postAttachment(
  db: DbOrTx,
  storage: FileStorage,
  ctx: PostContext,
  uuid: string,
  fileId: string,
): Promise<{ fileName: string; mimeType: string; bytes: Buffer }> {
  const row = await readablePost(db, ctx, uuid);
  const file = row.attachments.find((a) => a.fileId === fileId);
  const bytes = file ? await storage.get(postFileKey(ctx.building.id, uuid, file.fileId)) : null;
  if (!file || !bytes) throw new AppError('notFound');
  return { fileName: file.fileName, mimeType: file.mimeType, bytes };
}

const logTitle = (texts: PostTexts, ctx: PostContext): string =>
  (texts[ctx.language] ?? texts.en ?? texts.fr)?.title ?? '';

/**
 * A new post: its recipients resolved as of its date and kept, its files stored, and when asked
 * its mail queued to each recipient address in their language.
 */
export async function createPost(
  tx: DbOrTx,
  files: FileChanges,
  mailer: Mailer,
  ctx: PostContext,
  input: PostInput,
  uploads: readonly PostUpload[],
): Promise<Post> {
  const texts = sanitizedTexts(input.texts);
  const uuid = randomUUID();
  const date = input.date ?? ctx.today;
  const recipients = await recipientsOn(tx, ctx.building, date, input.recipients);
  const attachments = await storePostFiles(files, ctx.building.id, uuid, uploads);
  const [row] = await tx
    .insert(post)
    .values({
      buildingId: ctx.building.id,
      uuid,
      date,
      texts,
      recipients: input.recipients,
      sendEmail: input.sendEmail,
      attachments,
      authorId: ctx.user.id,
      authorName: ctx.user.name,
      searchText: searchTextOf(texts),
    })
    .returning();
  if (!row) throw new Error('post not inserted');
  // One row per address: two people sharing one address (a couple) get one mail, naming both units.
  const byEmail = new Map<string, typeof postRecipient.$inferInsert>();
  for (const person of recipients) {
    for (const email of person.emails) {
      const seen = byEmail.get(email);
      if (seen) seen.units = [...new Set([...(seen.units ?? []), ...person.units])];
      else
        byEmail.set(email, {
          buildingId: ctx.building.id,
          postUuid: uuid,
          email,
          personUuid: person.personUuid,
          name: person.name,
          language: person.language,
          units: person.units,
        });
    }
  }
  const rows =
    byEmail.size > 0
      ? await tx
          .insert(postRecipient)
          .values([...byEmail.values()])
          .returning()
      : [];
  const mailed = input.sendEmail ? await sendPost(tx, mailer, ctx.building, row, rows) : 0;
  await writeLog(tx, {
    buildingId: ctx.building.id,
    event: 'postCreated',
    source: ctx.source,
    message: translate(ctx.language, 'posts.log.created', {
      title: logTitle(texts, ctx),
      count: rows.length,
    }),
    metadata: { postUuid: uuid, recipients: input.recipients, addresses: rows.length, mailed },
    indexes: [uuid],
  });
  return postView(row);
}

/** Mails the post again to the addresses whose last mail was not received; answers how many. */
export async function resendPost(
  tx: DbOrTx,
  mailer: Mailer,
  ctx: PostContext,
  uuid: string,
): Promise<number> {
  const row = await readablePost(tx, ctx, uuid, true);
  if (!row.sendEmail) throw new AppError('postNotEmailed');
  const missing = await notReceived(tx, mailer, ctx.building.id, row);
  const mailed = await sendPost(tx, mailer, ctx.building, row, missing);
  await writeLog(tx, {
    buildingId: ctx.building.id,
    event: 'postResent',
    source: ctx.source,
    message: translate(ctx.language, 'posts.log.resent', {
      title: logTitle(row.texts, ctx),
      count: missing.length,
    }),
    metadata: { postUuid: uuid, addresses: missing.map((r) => r.email), mailed },
    indexes: [uuid],
  });
  return missing.length;
}

/** Deletes the post with its recipients and deliveries; its files go once the deletion commits. */
export async function deletePost(
  tx: DbOrTx,
  files: FileChanges,
  ctx: PostContext,
  uuid: string,
): Promise<void> {
  const row = await readablePost(tx, ctx, uuid, true);
  await tx.delete(post).where(and(eq(post.buildingId, ctx.building.id), eq(post.uuid, uuid)));
  for (const file of row.attachments)
    files.removeAfterCommit(postFileKey(ctx.building.id, uuid, file.fileId));
  await writeLog(tx, {
    buildingId: ctx.building.id,
    event: 'postDeleted',
    source: ctx.source,
    message: translate(ctx.language, 'posts.log.deleted', { title: logTitle(row.texts, ctx) }),
    metadata: { postUuid: uuid },
    indexes: [uuid],
  });
}
