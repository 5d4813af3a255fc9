import type { RequestEmailFolder } from '@copro/domain';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { building } from './tenancy';

/**
 * Requests by email (DOMAIN 11, SPEC 3 "Request email"): the emails received at a building's
 * request address and the replies sent from Copro, who read which, and each request's reply token.
 * Request uuids are the requests part's; no foreign key, so a merge or a deletion there moves or
 * frees the emails through this part's own calls (thread-moves.ts).
 */

export interface StoredEmailAttachment {
  fileId: string;
  fileName: string;
  mimeType: string;
  size: number;
}

export interface RefusedEmailAttachment {
  fileName: string;
  reason: 'forbidden' | 'tooMany';
}

export const requestEmail = pgTable(
  'request_emails',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    /** Received, or queued for a reply of ours. */
    date: timestamp('date', { withTimezone: true }).notNull(),
    /** The order of arrival, for emails of the same instant (a thread reads in the order it was written). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    folder: text('folder').$type<RequestEmailFolder>().notNull(),
    /** Set exactly when the folder is `request`. */
    requestUuid: uuid('request_uuid'),
    /** The sender's address; for a reply of ours, the building's request address. */
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    /** A reply written in Copro by this user (SPEC 3 internalSentBy); null for a received email. */
    internalSentBy: text('internal_sent_by').references(() => user.id, { onDelete: 'set null' }),
    /** Whether it was sent from Copro: kept apart from the user, who may be deleted. */
    self: boolean('self').notNull().default(false),
    to: text('to').array().notNull().default([]),
    cc: text('cc').array().notNull().default([]),
    subject: text('subject').notNull(),
    preview: text('preview').notNull(),
    text: text('text').notNull(),
    /** Sanitized HTML of a received email, or the reply's own HTML. */
    html: text('html'),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default([]),
    /** The outbox mail of a reply of ours: its delivery status is read there. */
    outboxId: uuid('outbox_id'),
    attachments: jsonb('attachments').$type<StoredEmailAttachment[]>().notNull().default([]),
    refusedAttachments: jsonb('refused_attachments').$type<RefusedEmailAttachment[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    index('request_emails_folder_idx').on(t.buildingId, t.folder, t.date),
    index('request_emails_request_idx').on(t.buildingId, t.requestUuid, t.date),
    index('request_emails_message_id_idx').on(t.buildingId, t.messageId),
  ],
);

/** Read per user (SPEC 3 "read"): a row for each user who read the email. */
export const requestEmailRead = pgTable(
  'request_email_reads',
  {
    buildingId: uuid('building_id').notNull(),
    emailUuid: uuid('email_uuid').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.emailUuid, t.userId] }),
    foreignKey({
      columns: [t.buildingId, t.emailUuid],
      foreignColumns: [requestEmail.buildingId, requestEmail.uuid],
    }).onDelete('cascade'),
    index('request_email_reads_user_idx').on(t.userId, t.buildingId),
  ],
);

/**
 * Each request's reply token: our replies carry `{ref}+{token}@domain` as Reply-To, so an answer
 * finds its request even when the mail client drops the threading headers. Random, so nobody can
 * write into a request they were not written from.
 */
export const requestMailThread = pgTable(
  'request_mail_threads',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    requestUuid: uuid('request_uuid').notNull(),
    token: text('token').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.requestUuid, t.token] }),
    uniqueIndex('request_mail_threads_token_idx').on(t.buildingId, t.token),
  ],
);
