import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { translate, type EmailDeliveryStatus, type Language } from '@copro/domain';
import type { Db, DbOrTx } from '../db/client';
import { outbox, type MailAttachment } from '../db/schema/index';
import type { JobQueue } from './jobs';
import type { FileStorage } from './storage';

export type { MailAttachment };

export interface Mail {
  to: string;
  /** Copies: sent in the Cc header, apart from the addressees. */
  cc?: readonly string[];
  subject: string;
  text: string;
  html: string;
  /** The sender, when not the configured `MAIL_FROM` (e.g. `"Name" <address>`). */
  from?: string;
  replyTo?: string;
  /** `<id@domain>`; one is made up when absent, so every mail can be threaded. */
  messageId?: string;
  inReplyTo?: string;
  references?: readonly string[];
  /** Files already in the platform's storage, read when the mail goes out. */
  attachments?: readonly MailAttachment[];
}

/** Text made safe to put in a mail's HTML. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A mail with one action button, the shape of every account mail (verify, reset, invitation). */
export function actionMail(
  language: Language,
  input: { to: string; name: string; key: string; params?: Record<string, string>; url: string },
): Mail {
  const t = (key: string, params?: Record<string, string>): string => translate(language, key, params);
  const greeting = t('mail.greeting', { name: input.name });
  const subject = t(`${input.key}.subject`, input.params);
  const body = t(`${input.key}.body`, input.params);
  const action = t(`${input.key}.action`, input.params);
  const signoff = t('mail.signoff');
  const text = `${greeting}\n\n${body}\n\n${t('mail.link', { action, url: input.url })}\n\n${signoff}`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(signoff)}</p>`;
  return { to: input.to, subject, text, html };
}

export const mailJob = 'send-mail';

/** The domain of an address such as `Copro <no-reply@copro.local>`: Message-IDs are made on it. */
const domainOf = (address: string): string => /@([^>\s]+)/.exec(address)?.[1] ?? 'copro.local';

/** An SMTP answer in the 5xx range refuses the mail for good: trying again would change nothing. */
const permanentRefusal = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export interface DeliveryState {
  status: EmailDeliveryStatus;
  error: string | null;
  sentAt: Date | null;
  messageId: string | null;
}

/**
 * Every mail goes through the outbox, in the caller's transaction. With SMTP configured a job
 * sends it (with retries); without it, the mail stays in the outbox for the demo mailbox and its
 * delivery status stays `pending`: nothing is said to be sent that was not.
 */
export class Mailer {
  private readonly transport: nodemailer.Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly storage?: FileStorage,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    jobs.register(mailJob, async (payload, context) => this.deliver(String(payload.id), context.lastAttempt));
  }

  get sends(): boolean {
    return this.transport !== null;
  }

  /** The configured sender (`MAIL_FROM`). */
  get sender(): string {
    return this.from;
  }

  async queue(tx: DbOrTx, mail: Mail): Promise<string> {
    const id = randomUUID();
    if (mail.attachments?.length && !this.storage) throw new Error('a mail with attachments needs storage');
    await tx.insert(outbox).values({
      id,
      to: mail.to,
      cc: [...(mail.cc ?? [])],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      status: this.transport ? 'pending' : 'held',
      deliveryStatus: 'pending',
      fromAddress: mail.from ?? null,
      replyTo: mail.replyTo ?? null,
      messageId: mail.messageId ?? `<${id}@${domainOf(mail.from ?? this.from)}>`,
      inReplyTo: mail.inReplyTo ?? null,
      references: [...(mail.references ?? [])],
      attachments: [...(mail.attachments ?? [])],
    });
    if (this.transport) await this.jobs.enqueue(tx, mailJob, { id });
    return id;
  }

  /** Where each of these mails stands (SPEC 4), by outbox id; an unknown id is left out. */
  async deliveryStates(db: DbOrTx, ids: readonly string[]): Promise<Map<string, DeliveryState>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: outbox.id,
        status: outbox.deliveryStatus,
        error: outbox.error,
        sentAt: outbox.sentAt,
        messageId: outbox.messageId,
      })
      .from(outbox)
      .where(inArray(outbox.id, [...ids]));
    return new Map(
      rows.map((r) => [
        r.id,
        { status: r.status as EmailDeliveryStatus, error: r.error, sentAt: r.sentAt, messageId: r.messageId },
      ]),
    );
  }

  /**
   * A delivery status notification (or another report) about a mail we sent, found by its
   * Message-ID: `delivered`, or `bounce` when the receiving side returned it. Answers whether it
   * named one of our mails.
   */
  async recordDeliveryReport(
    db: DbOrTx,
    messageId: string,
    status: 'delivered' | 'bounce',
    detail?: string,
  ): Promise<boolean> {
    const updated = await db
      .update(outbox)
      .set({ deliveryStatus: status, ...(detail ? { error: detail.slice(0, 2000) } : {}) })
      .where(eq(outbox.messageId, messageId))
      .returning({ id: outbox.id });
    return updated.length > 0;
  }

  /**
   * Sends one mail. A temporary failure is recorded on the mail (`deferred`) and retried by the
   * queue, `dropped` after the last attempt; a permanent refusal (5xx) is a `bounce`, not retried.
   */
  private async deliver(id: string, lastAttempt: boolean): Promise<void> {
    if (!this.transport) return;
    const [mail] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (!mail || mail.status === 'sent' || mail.status === 'failed') return;
    await this.db.update(outbox).set({ deliveryStatus: 'processed' }).where(eq(outbox.id, id));
    try {
      await this.transport.sendMail({
        from: mail.fromAddress ?? this.from,
        to: mail.to,
        ...(mail.cc.length ? { cc: mail.cc } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo } : {}),
        ...(mail.references.length ? { references: mail.references } : {}),
        attachments: await this.attachmentsOf(mail.attachments),
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      const final = permanentRefusal(error);
      await this.db
        .update(outbox)
        .set({
          error: message,
          deliveryStatus: final ? 'bounce' : lastAttempt ? 'dropped' : 'deferred',
          ...(final || lastAttempt ? { status: 'failed' } : {}),
        })
        .where(eq(outbox.id, id));
      if (final) return;
      throw error;
    }
    await this.db
      .update(outbox)
      .set({ status: 'sent', deliveryStatus: 'sent', sentAt: new Date(), error: null })
      .where(eq(outbox.id, id));
  }

  private async attachmentsOf(
    files: readonly MailAttachment[],
  ): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
    const out = [];
    for (const file of files) {
      const bytes = await this.storage?.get(file.storageKey);
      // A file removed since the mail was queued: the mail cannot go out as it was written.
      if (!bytes) throw new Error(`attachment ${file.storageKey} is missing`);
      out.push({ filename: file.fileName, contentType: file.mimeType, content: bytes });
    }
    return out;
  }
}
