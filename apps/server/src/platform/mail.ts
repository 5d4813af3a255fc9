import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { translate, type Language } from '@copro/domain';
import type { Db, DbOrTx } from '../db/client';
import { outbox } from '../db/schema/index';
import type { JobQueue } from './jobs';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
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

/**
 * Every mail goes through the outbox, in the caller's transaction. With SMTP configured a job
 * sends it (with retries); without it, the mail stays in the outbox for the demo mailbox.
 */
export class Mailer {
  private readonly transport: nodemailer.Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    jobs.register(mailJob, async (payload, context) => this.deliver(String(payload.id), context.lastAttempt));
  }

  get sends(): boolean {
    return this.transport !== null;
  }

  async queue(tx: DbOrTx, mail: Mail): Promise<string> {
    const id = randomUUID();
    await tx.insert(outbox).values({ id, ...mail, status: this.transport ? 'pending' : 'held' });
    if (this.transport) await this.jobs.enqueue(tx, mailJob, { id });
    return id;
  }

  /** Sends one mail; a failure is recorded on the mail, which becomes 'failed' after the last attempt. */
  private async deliver(id: string, lastAttempt: boolean): Promise<void> {
    if (!this.transport) return;
    const [mail] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    if (!mail || mail.status === 'sent') return;
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      await this.db
        .update(outbox)
        .set({ error: message, ...(lastAttempt ? { status: 'failed' } : {}) })
        .where(eq(outbox.id, id));
      throw error;
    }
    await this.db
      .update(outbox)
      .set({ status: 'sent', sentAt: new Date(), error: null })
      .where(eq(outbox.id, id));
  }
}
