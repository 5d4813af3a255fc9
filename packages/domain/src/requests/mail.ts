import { isForbiddenFile } from '../files';

/**
 * Requests by email (DOMAIN 11, SPEC 5): what a request email may carry and what is refused.
 *
 * Rule: a request email has at most 20 recipients and 10 attachments; a received email keeps its
 * first 10 allowed attachments and notes the others; executables, scripts and HTML files are never
 * kept or sent (SPEC 5 forbidden kinds, `isForbiddenFile`: the name, the declared type, the first bytes).
 * An email is spam when the upstream filter says so (`X-Spam-Flag: YES`, `X-Spam-Status: Yes…`,
 * `X-Spam: Yes`): Copro does not guess at spam itself.
 */

export const requestMailLimits = {
  recipients: 20,
  attachments: 10,
  /** The SMTP listener's SIZE: a message above it is refused during DATA. */
  messageBytes: 25 * 1024 * 1024,
  subject: 300,
  /** The body kept of an email, in characters (HTML and text each). */
  body: 260_000,
  /** The preview of an email in a folder list. */
  preview: 200,
} as const;

/** Splits files into those kept (allowed, the first `limit`) and the names of those left out. */
export function keptAttachments<T extends { fileName: string; mimeType: string; bytes: Uint8Array }>(
  files: readonly T[],
  limit: number = requestMailLimits.attachments,
): { kept: T[]; refused: { fileName: string; reason: 'forbidden' | 'tooMany' }[] } {
  const kept: T[] = [];
  const refused: { fileName: string; reason: 'forbidden' | 'tooMany' }[] = [];
  for (const file of files) {
    if (isForbiddenFile(file.fileName, file.mimeType, file.bytes.subarray(0, 8)))
      refused.push({ fileName: file.fileName, reason: 'forbidden' });
    else if (kept.length >= limit) refused.push({ fileName: file.fileName, reason: 'tooMany' });
    else kept.push(file);
  }
  return { kept, refused };
}

/** The upstream filter's verdict, from the message's headers (names compared without case). */
export function flaggedAsSpam(headers: readonly { key: string; value: string }[]): boolean {
  return headers.some(({ key, value }) => {
    const name = key.toLowerCase();
    const v = value.trim().toLowerCase();
    if (name === 'x-spam-flag' || name === 'x-spam') return v === 'yes' || v === 'true';
    if (name === 'x-spam-status') return /^yes\b/.test(v);
    return false;
  });
}

/** The text of an email's preview: its words on one line, cut at the preview's length. */
export function emailPreview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= requestMailLimits.preview ? line : `${line.slice(0, requestMailLimits.preview - 1)}…`;
}

/**
 * A delivery status notification (RFC 3464: `multipart/report; report-type=delivery-status`)
 * about a mail we sent: the original's Message-ID and what became of it. `failed` is a bounce;
 * `delivered`, `relayed` and `expanded` count as delivered; `delayed` changes nothing (the
 * sending side will report again), so it answers null, as does a report naming no Message-ID.
 */
export function readDeliveryReport(report: {
  contentType: string;
  deliveryStatus: string;
  originalHeaders: string;
}): { messageId: string; status: 'delivered' | 'bounce'; detail: string } | null {
  const type = report.contentType.toLowerCase();
  if (!type.includes('multipart/report') || !/report-type\s*=\s*"?delivery-status/.test(type)) return null;
  const messageId = /^message-id:\s*(<[^<>\s]+>)/im.exec(report.originalHeaders)?.[1];
  if (!messageId) return null;
  const actions = [...report.deliveryStatus.matchAll(/^action:\s*([a-z]+)/gim)].map((m) =>
    m[1]!.toLowerCase(),
  );
  const detail = report.deliveryStatus.trim();
  if (actions.includes('failed')) return { messageId, status: 'bounce', detail };
  if (actions.some((a) => a === 'delivered' || a === 'relayed' || a === 'expanded'))
    return { messageId, status: 'delivered', detail };
  return null;
}
