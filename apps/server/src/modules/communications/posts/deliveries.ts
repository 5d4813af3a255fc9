import { and, eq, sql } from 'drizzle-orm';
import {
  emailDeliveryStatuses,
  receivedDeliveryStatuses,
  renderMergeFields,
  translate,
  type EmailDeliveryStatus,
  type Language,
  type PostDeliveries,
  type PostTexts,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { postDelivery, postRecipient } from '../../../db/schema/index';
import { escapeHtml, type Mail, type Mailer } from '../../../platform/mail';
import { richTextToPlain } from '../../../platform/rich-text';
import { postFileKey, type PostRow } from './post-rows';

type RecipientRow = typeof postRecipient.$inferSelect;

export interface SendingBuilding {
  id: string;
  name: string;
  sendNoEmails: boolean;
}

/** The recipient's language when the post has it, else the other one it has. */
export const textIn = (texts: PostTexts, language: Language) => {
  const other: Language = language === 'en' ? 'fr' : 'en';
  const text = texts[language] ?? texts[other];
  if (!text) throw new Error('a post carries at least one language');
  return { text, language: texts[language] ? language : other };
};

/** `"Building name" <address of MAIL_FROM>`: replies and filters see the building, not Copro. */
export function buildingSender(mailer: Mailer, buildingName: string): string {
  const address = /<([^>]+)>/.exec(mailer.sender)?.[1] ?? mailer.sender.trim();
  const name = buildingName.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <${address}>` : address;
}

/** One recipient's mail: the post in their language, its merge fields filled with their name and units. */
function postMail(mailer: Mailer, building: SendingBuilding, row: PostRow, to: RecipientRow): Mail {
  const { text, language } = textIn(row.texts, to.language);
  const values = {
    recipientName: to.name,
    unitNumber: to.units.join(', '),
    buildingName: building.name,
  };
  const subject = renderMergeFields(text.title, values);
  const body = renderMergeFields(text.body, values, { html: true });
  const footer = translate(language, 'posts.mail.footer', { building: building.name });
  return {
    to: to.email,
    from: buildingSender(mailer, building.name),
    subject,
    html: `<h2>${escapeHtml(subject)}</h2>${body}<hr><p><small>${escapeHtml(footer)}</small></p>`,
    text: `${subject}\n\n${richTextToPlain(body)}\n\n-- \n${footer}`,
    attachments: row.attachments.map((a) => ({
      fileName: a.fileName,
      mimeType: a.mimeType,
      storageKey: postFileKey(building.id, row.uuid, a.fileId),
    })),
  };
}

/**
 * Mails the post to each of `recipients` as their next attempt; a building that sends no
 * emails records the attempt `blocked` and queues nothing. Answers how many mails were queued.
 */
export async function sendPost(
  tx: DbOrTx,
  mailer: Mailer,
  building: SendingBuilding,
  row: PostRow,
  recipients: readonly RecipientRow[],
): Promise<number> {
  if (recipients.length === 0) return 0;
  const last = await lastAttempts(tx, building.id, row.uuid);
  for (const to of recipients) {
    const outboxId = building.sendNoEmails
      ? null
      : await mailer.queue(tx, postMail(mailer, building, row, to));
    await tx.insert(postDelivery).values({
      buildingId: building.id,
      postUuid: row.uuid,
      email: to.email,
      attempt: (last.get(to.email)?.attempt ?? 0) + 1,
      outboxId,
    });
  }
  return building.sendNoEmails ? 0 : recipients.length;
}

/** Each address's last mail of the post. */
async function lastAttempts(db: DbOrTx, buildingId: string, postUuid: string) {
  const rows = await db
    .selectDistinctOn([postDelivery.email], {
      email: postDelivery.email,
      attempt: postDelivery.attempt,
      outboxId: postDelivery.outboxId,
    })
    .from(postDelivery)
    .where(and(eq(postDelivery.buildingId, buildingId), eq(postDelivery.postUuid, postUuid)))
    .orderBy(postDelivery.email, sql`${postDelivery.attempt} desc`);
  return new Map(rows.map((r) => [r.email, r]));
}

/** Where each recipient's last mail stands (SPEC 4), with the counts per status. */
export async function postDeliveries(
  db: DbOrTx,
  mailer: Mailer,
  buildingId: string,
  row: PostRow,
): Promise<PostDeliveries> {
  const recipients = await db
    .select()
    .from(postRecipient)
    .where(and(eq(postRecipient.buildingId, buildingId), eq(postRecipient.postUuid, row.uuid)))
    .orderBy(postRecipient.name, postRecipient.email);
  const last = await lastAttempts(db, buildingId, row.uuid);
  const states = await mailer.deliveryStates(
    db,
    [...last.values()].flatMap((d) => (d.outboxId ? [d.outboxId] : [])),
  );
  const counts = Object.fromEntries(emailDeliveryStatuses.map((s) => [s, 0])) as Record<
    EmailDeliveryStatus,
    number
  >;
  const out = recipients.map((r) => {
    const delivery = last.get(r.email);
    const state = delivery?.outboxId ? states.get(delivery.outboxId) : undefined;
    const status: EmailDeliveryStatus | null = !delivery
      ? null
      : delivery.outboxId
        ? (state?.status ?? 'pending')
        : 'blocked';
    if (status) counts[status] += 1;
    return {
      personUuid: r.personUuid,
      name: r.name,
      email: r.email,
      units: r.units,
      language: r.language,
      status,
      error: state?.error ?? null,
      sentAt: state?.sentAt?.toISOString() ?? null,
      attempts: delivery?.attempt ?? 0,
    };
  });
  return { recipients: out, counts };
}

/** The recipients whose last mail was not received (`receivedDeliveryStatuses`): a resend goes to them. */
export async function notReceived(
  db: DbOrTx,
  mailer: Mailer,
  buildingId: string,
  row: PostRow,
): Promise<RecipientRow[]> {
  const { recipients } = await postDeliveries(db, mailer, buildingId, row);
  const missing = new Set(
    recipients
      .filter((r) => r.status === null || !receivedDeliveryStatuses.includes(r.status))
      .map((r) => r.email),
  );
  const rows = await db
    .select()
    .from(postRecipient)
    .where(and(eq(postRecipient.buildingId, buildingId), eq(postRecipient.postUuid, row.uuid)));
  return rows.filter((r) => missing.has(r.email));
}
