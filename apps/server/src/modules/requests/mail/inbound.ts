import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import PostalMime, { type Attachment, type Email } from 'postal-mime';
import sanitizeHtml from 'sanitize-html';
import {
  buildingToday,
  emailPreview,
  fileInbound,
  flaggedAsSpam,
  keptAttachments,
  languageOf,
  parseMessageIds,
  parseRequestAddress,
  readDeliveryReport,
  requestMailLimits,
  translate,
  type RequestEmailFolder,
} from '@copro/domain';
import type { Tx } from '../../../db/client';
import { building, requestEmail, requestMailThread } from '../../../db/schema/index';
import { writeLog } from '../../../platform/audit';
import type { Platform } from '../../../platform/platform';
import { richTextToPlain } from '../../../platform/rich-text';
import { transactionWithFiles, type FileChanges } from '../../../platform/storage';
import { openRequestFromEmail, requestExists } from '../requests/intake';
import { publishRequestEmails } from './live';
import { knownSender } from './sender';
import { emailFileKey } from './store';

type BuildingRow = typeof building.$inferSelect;

const systemSource = { kind: 'system', id: 'backend' } as const;

/** The building a recipient address names, if it is one of ours. */
export async function buildingOfAddress(
  platform: Platform,
  address: string,
): Promise<{ building: BuildingRow; token: string | null } | null> {
  const parsed = parseRequestAddress(address, platform.config.mailInDomain);
  if (!parsed) return null;
  const [row] = await platform.db.select().from(building).where(eq(building.ref, parsed.buildingRef));
  return row ? { building: row, token: parsed.token } : null;
}

/** Received HTML, kept as sanitize-html's defaults allow (no scripts, styles, frames or forms). */
const safeHtml = (html: string): string =>
  sanitizeHtml(html, { allowedSchemes: ['http', 'https', 'mailto'] }).slice(0, requestMailLimits.body);

const bytesOf = (content: Attachment['content']): Buffer =>
  typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content as ArrayBuffer);

const header = (email: Email, name: string): string => email.headers.find((h) => h.key === name)?.value ?? '';

/**
 * A delivery status notification about a mail of ours updates that mail's status and is not a
 * request email; answers whether it was one.
 */
async function recordedAsDeliveryReport(platform: Platform, email: Email): Promise<boolean> {
  const part = (type: string) => email.attachments.find((a) => a.mimeType.toLowerCase() === type);
  const status = part('message/delivery-status');
  const original = part('text/rfc822-headers') ?? part('message/rfc822');
  if (!status || !original) return false;
  const report = readDeliveryReport({
    contentType: header(email, 'content-type'),
    deliveryStatus: bytesOf(status.content).toString('utf8'),
    originalHeaders: bytesOf(original.content).toString('utf8'),
  });
  if (!report) return false;
  return platform.mailer.recordDeliveryReport(platform.db, report.messageId, report.status, report.detail);
}

/**
 * Receives one message from the SMTP listener: files it for each building it was sent to (its
 * envelope recipients that are request addresses), each in one transaction with its files.
 */
export async function receiveMessage(
  platform: Platform,
  raw: Buffer,
  recipients: readonly string[],
): Promise<void> {
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  if (await recordedAsDeliveryReport(platform, email)) return;
  const spam = flaggedAsSpam(email.headers);
  const seen = new Set<string>();
  for (const address of recipients) {
    const target = await buildingOfAddress(platform, address);
    if (!target || seen.has(target.building.id)) continue;
    seen.add(target.building.id);
    await transactionWithFiles(platform.db, platform.storage, (tx, files) =>
      fileEmail(tx, files, platform, target.building, target.token, email, spam),
    );
  }
}

/** The request a reply token or a stored Message-ID names, if that request still exists. */
async function threadCandidates(
  tx: Tx,
  buildingId: string,
  token: string | null,
  ids: readonly string[],
): Promise<{ tokenRequest: string | null; requestOfMessageId: Map<string, string> }> {
  let tokenRequest: string | null = null;
  if (token) {
    const [thread] = await tx
      .select({ requestUuid: requestMailThread.requestUuid })
      .from(requestMailThread)
      .where(and(eq(requestMailThread.buildingId, buildingId), eq(requestMailThread.token, token)));
    if (thread && (await requestExists(tx, buildingId, thread.requestUuid)))
      tokenRequest = thread.requestUuid;
  }
  const requestOfMessageId = new Map<string, string>();
  if (ids.length > 0) {
    const rows = await tx
      .select({ messageId: requestEmail.messageId, requestUuid: requestEmail.requestUuid })
      .from(requestEmail)
      .where(
        and(
          eq(requestEmail.buildingId, buildingId),
          eq(requestEmail.folder, 'request'),
          inArray(requestEmail.messageId, [...ids]),
        ),
      );
    const exists = new Map<string, boolean>();
    for (const row of rows) {
      if (!row.messageId || !row.requestUuid) continue;
      if (!exists.has(row.requestUuid))
        exists.set(row.requestUuid, await requestExists(tx, buildingId, row.requestUuid));
      if (exists.get(row.requestUuid)) requestOfMessageId.set(row.messageId, row.requestUuid);
    }
  }
  return { tokenRequest, requestOfMessageId };
}

async function fileEmail(
  tx: Tx,
  files: FileChanges,
  platform: Platform,
  b: BuildingRow,
  token: string | null,
  email: Email,
  spam: boolean,
): Promise<void> {
  const now = platform.clock.now();
  const fromAddress = (email.from?.address ?? email.sender?.address ?? '').trim().toLowerCase();
  const fromName = email.from?.name?.trim() || null;
  const inReplyTo = parseMessageIds(email.inReplyTo)[0] ?? null;
  const references = parseMessageIds(email.references);
  const messageId = parseMessageIds(email.messageId)[0] ?? null;
  const subject = (email.subject ?? '').trim().slice(0, requestMailLimits.subject);
  const html = email.html ? safeHtml(email.html) : null;
  const text = (email.text?.trim() || (email.html ? richTextToPlain(email.html) : '')).slice(
    0,
    requestMailLimits.body,
  );

  const candidates = await threadCandidates(tx, b.id, token, [
    ...(inReplyTo ? [inReplyTo] : []),
    ...references,
  ]);
  const sender = fromAddress ? await knownSender(tx, b, fromAddress, buildingToday(b, now)) : null;
  const filing = fileInbound({ ...candidates, inReplyTo, references, spam, senderKnown: sender !== null });

  let requestUuid: string | null = null;
  let folder: RequestEmailFolder;
  if (filing.kind === 'thread') {
    requestUuid = filing.requestUuid;
    folder = 'request';
  } else if (filing.kind === 'open') {
    const opened = await openRequestFromEmail(tx, {
      buildingId: b.id,
      title: subject || translate(languageOf(b.locale), 'requestMail.noSubject'),
      description: text,
      requesterName: sender?.name ?? fromName ?? fromAddress,
      requesterEmail: fromAddress,
      unitUuid: sender?.unitUuid ?? null,
      at: now,
    });
    requestUuid = opened.uuid;
    folder = 'request';
  } else {
    folder = filing.folder;
  }

  const uuid = randomUUID();
  const { kept, refused } = keptAttachments(
    email.attachments
      // The parts of an HTML body (inline images) are the body's, not files the sender attached.
      .filter((a) => !(a.related && a.contentId))
      .map((a) => ({
        fileName: (a.filename ?? '').trim().slice(0, 300) || 'attachment',
        mimeType: a.mimeType || 'application/octet-stream',
        bytes: bytesOf(a.content),
      })),
  );
  const attachments = [];
  for (const file of kept) {
    const fileId = randomUUID();
    await files.put(emailFileKey(b.id, uuid, fileId), file.bytes);
    attachments.push({ fileId, fileName: file.fileName, mimeType: file.mimeType, size: file.bytes.length });
  }

  await tx.insert(requestEmail).values({
    buildingId: b.id,
    uuid,
    date: now,
    folder,
    requestUuid,
    fromAddress,
    fromName,
    self: false,
    to: addressesOf(email.to),
    cc: addressesOf(email.cc),
    subject,
    preview: emailPreview(text),
    text,
    html,
    messageId,
    inReplyTo,
    references,
    attachments,
    refusedAttachments: refused,
  });
  await writeLog(tx, {
    buildingId: b.id,
    event: 'requestEmailReceived',
    source: systemSource,
    message: translate(languageOf(b.locale), `requestMail.log.received.${folder}`, {
      from: fromAddress,
      subject,
    }),
    metadata: {
      emailUuid: uuid,
      requestUuid,
      folder,
      ...(filing.kind === 'thread' ? { by: filing.by } : {}),
    },
    indexes: [uuid, ...(requestUuid ? [requestUuid] : [])],
  });
  await publishRequestEmails(tx, b.id, [uuid]);
}

const addressesOf = (list: Email['to']): string[] =>
  (list ?? [])
    .flatMap((a) => (a.group ? a.group.map((m) => m.address) : [a.address]))
    .filter((a): a is string => !!a)
    .map((a) => a.toLowerCase())
    .slice(0, requestMailLimits.recipients);
