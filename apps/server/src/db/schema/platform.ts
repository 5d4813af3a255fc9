import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { building } from './tenancy';

export interface LogSource {
  kind: 'user' | 'system' | 'staff';
  /** A user's id, or the system part: backend, cloud-functions or queue. */
  id: string;
  name?: string;
  email?: string;
}
export interface LogChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** SPEC 3 "Log entry": one event with its metadata, written in the same transaction as the change. */
export const activityLog = pgTable(
  'activity_log',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    date: bigint('date', { mode: 'number' }).notNull(),
    message: text('message').notNull(),
    indexes: jsonb('indexes').$type<string[]>().notNull().default([]),
    schemaVersion: smallint('schema_version').notNull().default(1),
    lastModified: bigint('last_modified', { mode: 'number' }).notNull(),
    source: jsonb('source').$type<LogSource>().notNull(),
    event: text('event').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    changes: jsonb('changes').$type<LogChange[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.id] }),
    index('activity_log_building_date_idx').on(t.buildingId, t.date),
  ],
);

/** The job queue: claimed with FOR UPDATE SKIP LOCKED so any server instance may run any job. */
export const job = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    singletonKey: text('singleton_key'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The building a job works for: its status route answers that building's users only. */
    buildingId: uuid('building_id').references(() => building.id, { onDelete: 'cascade' }),
    /** How far a running job is (done of total), for the page that follows it. */
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    /** What a finished job answers (counts, totals). */
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('jobs_ready_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_singleton_idx').on(t.singletonKey),
    index('jobs_building_idx').on(t.buildingId),
  ],
);

/** A file sent with a mail, read from the platform's storage when the mail goes out. */
export interface MailAttachment {
  fileName: string;
  mimeType: string;
  storageKey: string;
}

/** Every outgoing mail; sent by the mail job when SMTP is configured, else kept for the demo mailbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    /** Copies, sent as Cc: a reply's copies are not written to as its addressees. */
    cc: text('cc').array().notNull().default([]),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').notNull().default('pending'),
    /** SPEC 4 email delivery status (`emailDeliveryStatuses`), what authors of posts and replies see. */
    deliveryStatus: text('delivery_status').notNull().default('pending'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Overrides of the configured sender (a building's request address answers replies). */
    fromAddress: text('from_address'),
    replyTo: text('reply_to'),
    /** Threading headers: requests by email find their replies by them (RFC 5322). */
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default([]),
    /** Stored files sent with the mail: `{ fileName, mimeType, storageKey }`. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt), index('outbox_message_id_idx').on(t.messageId)],
);

export const remoteConfig = pgTable('remote_config', {
  id: text('id').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-wide secrets generated once, so every instance on the same database shares them. */
export const serverSecret = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
