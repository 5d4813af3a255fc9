import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  emailPreview,
  isForbiddenFile,
  issuesOf,
  replyThreading,
  requestMailLimits,
  requestReplySchema,
  type RequestReply,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { requestEmail, requestEmailRead, requestMailThread } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { Platform } from '../../../platform/platform';
import { sanitizeRichText, richTextToPlain } from '../../../platform/rich-text';
import type { FileChanges } from '../../../platform/storage';
import { requestExists } from '../requests/intake';
import { buildingRequestAddress, namedSender, threadReplyAddress } from './addresses';
import type { MailContext } from './context';
import { publishRequestEmails } from './live';
import { logEmail } from './mail-log';
import { emailFileKey, emailViews, findEmail, latestOfRequest, type RequestEmailView } from './store';

export interface ReplyFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * A reply's form (multipart): the JSON field `reply` and up to 10 files `files`, checked before
 * anything is written. Forbidden kinds (SPEC 5) are refused, not silently dropped: the writer chose them.
 */
export async function replyOfForm(form: unknown): Promise<{ reply: RequestReply; files: ReplyFile[] }> {
  if (!(form instanceof FormData)) throw new AppError('validation');
  let json: unknown;
  try {
    json = JSON.parse(String(form.get('reply') ?? ''));
  } catch {
    throw new AppError('validation', [{ path: ['reply'], key: 'validation.required' }]);
  }
  const parsed = requestReplySchema.safeParse(json);
  if (!parsed.success) throw new AppError('validation', issuesOf(parsed.error));
  const uploads: File[] = [];
  for (const entry of form.getAll('files')) if (entry instanceof File) uploads.push(entry);
  if (uploads.length > requestMailLimits.attachments)
    throw new AppError('validation', [{ path: ['files'], key: 'validation.tooManyFiles' }]);
  const files: ReplyFile[] = [];
  for (const file of uploads) {
    const fileName = file.name.trim().slice(0, 300);
    const mimeType = file.type || 'application/octet-stream';
    const control = [...fileName].some((c) => c.charCodeAt(0) < 0x20);
    if (!fileName || fileName.includes('/') || control)
      throw new AppError('validation', [{ path: ['files'], key: 'validation.invalidIdentifier' }]);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (isForbiddenFile(fileName, mimeType, bytes.subarray(0, 8))) throw new AppError('forbiddenFileType');
    files.push({ fileName, mimeType, bytes });
  }
  return { reply: parsed.data, files };
}

/** The request's reply token, made the first time Copro writes in its thread. */
async function threadToken(tx: Tx, buildingId: string, requestUuid: string): Promise<string> {
  const [existing] = await tx
    .select({ token: requestMailThread.token })
    .from(requestMailThread)
    .where(and(eq(requestMailThread.buildingId, buildingId), eq(requestMailThread.requestUuid, requestUuid)))
    .limit(1);
  if (existing) return existing.token;
  // 120 random bits in lowercase hex: what an address's local part carries safely, and unguessable.
  const token = randomBytes(15).toString('hex');
  await tx.insert(requestMailThread).values({ buildingId, requestUuid, token });
  return token;
}

/**
 * A reply from Copro in a request's thread: one mail through the outbox from the building's
 * request address, answering the thread's latest message (In-Reply-To, References) with the
 * request's token address as Reply-To, stored in the conversation (logged "request email sent").
 * A building that sends no emails keeps the reply, marked blocked, and queues nothing.
 */
export async function sendReply(
  tx: Tx,
  files: FileChanges,
  platform: Platform,
  ctx: MailContext,
  requestUuid: string,
  input: { reply: RequestReply; files: readonly ReplyFile[] },
): Promise<RequestEmailView> {
  if (!(await requestExists(tx, ctx.buildingId, requestUuid))) throw new AppError('notFound');
  const b = ctx.building;
  const { config } = platform;
  const uuid = randomUUID();
  const now = platform.clock.now();
  const html = sanitizeRichText(input.reply.body);
  const text = richTextToPlain(html);
  const address = buildingRequestAddress(config, b.ref);
  const messageId = `<${uuid}@${config.mailInDomain}>`;
  const { inReplyTo, references } = replyThreading(await latestOfRequest(tx, ctx.buildingId, requestUuid));
  const token = await threadToken(tx, ctx.buildingId, requestUuid);

  const attachments = [];
  for (const file of input.files) {
    const fileId = randomUUID();
    await files.put(emailFileKey(ctx.buildingId, uuid, fileId), file.bytes);
    attachments.push({ fileId, fileName: file.fileName, mimeType: file.mimeType, size: file.bytes.length });
  }
  const to = [...new Set(input.reply.to)];
  // An address both written to and copied is written to once.
  const cc = [...new Set(input.reply.cc)].filter((a) => !to.includes(a));
  const recipients = [...to, ...cc];
  const outboxId = b.sendNoEmails
    ? null
    : await platform.mailer.queue(tx, {
        to: to.join(', '),
        cc,
        subject: input.reply.subject,
        text,
        html,
        from: namedSender(b.name, address),
        replyTo: threadReplyAddress(config, b.ref, token),
        messageId,
        ...(inReplyTo ? { inReplyTo } : {}),
        references,
        attachments: attachments.map((a) => ({
          fileName: a.fileName,
          mimeType: a.mimeType,
          storageKey: emailFileKey(ctx.buildingId, uuid, a.fileId),
        })),
      });

  await tx.insert(requestEmail).values({
    buildingId: ctx.buildingId,
    uuid,
    date: now,
    folder: 'request',
    requestUuid,
    fromAddress: address,
    fromName: b.name,
    internalSentBy: ctx.userId,
    self: true,
    to: input.reply.to,
    cc: input.reply.cc,
    subject: input.reply.subject,
    preview: emailPreview(text),
    text,
    html,
    messageId,
    inReplyTo,
    references,
    outboxId,
    attachments,
  });
  // Its writer has read it.
  await tx
    .insert(requestEmailRead)
    .values({ buildingId: ctx.buildingId, emailUuid: uuid, userId: ctx.userId, readAt: now });
  await logEmail(
    tx,
    ctx,
    { uuid, subject: input.reply.subject, fromAddress: address, requestUuid },
    {
      event: 'requestEmailSent',
      message: 'sent',
      params: { to: recipients.join(', ') },
      metadata: { requestUuid, outboxId, recipients },
    },
  );
  await publishRequestEmails(tx, ctx.buildingId, [uuid]);
  const [view] = await emailViews(
    { db: tx, mailer: platform.mailer, buildingId: ctx.buildingId, userId: ctx.userId },
    [await findEmail(tx, ctx.buildingId, uuid)],
  );
  return view!;
}
