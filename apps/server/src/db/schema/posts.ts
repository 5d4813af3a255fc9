import type { Language, PostAttachment, PostTexts, RecipientValue } from '@copro/domain';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { building, buildingGroup } from './tenancy';

/**
 * Posts and post templates (DOMAIN 11). A post keeps the recipients resolved when it was created
 * (`post_recipients`), so who may read it and who was mailed never changes afterwards; each mail
 * sent to one of their addresses is a row of `post_deliveries` naming its outbox mail.
 */

export const post = pgTable(
  'posts',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** Title and body (sanitized HTML) per language: `{ en?, fr? }`. */
    texts: jsonb('texts').$type<PostTexts>().notNull(),
    /** The values chosen (all, owners, floor-2, …), as the form had them. */
    recipients: text('recipients').array().$type<RecipientValue[]>().notNull(),
    sendEmail: boolean('send_email').notNull(),
    attachments: jsonb('attachments').$type<PostAttachment[]>().notNull().default([]),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    /** Both titles, lower-cased, for the list's search. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.uuid] }), index('posts_date_idx').on(t.buildingId, t.date)],
);

/** One address of a person the post was addressed to. */
export const postRecipient = pgTable(
  'post_recipients',
  {
    buildingId: uuid('building_id').notNull(),
    postUuid: uuid('post_uuid').notNull(),
    /** Lower-cased: owners and residents read the posts addressed to their user's email. */
    email: text('email').notNull(),
    personUuid: uuid('person_uuid').notNull(),
    name: text('name').notNull(),
    language: text('language').$type<Language>().notNull(),
    units: text('units').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.postUuid, t.email] }),
    foreignKey({
      columns: [t.buildingId, t.postUuid],
      foreignColumns: [post.buildingId, post.uuid],
    }).onDelete('cascade'),
    index('post_recipients_email_idx').on(t.buildingId, t.email),
  ],
);

/** Each mail of a post to one address; a resend adds the next attempt. */
export const postDelivery = pgTable(
  'post_deliveries',
  {
    buildingId: uuid('building_id').notNull(),
    postUuid: uuid('post_uuid').notNull(),
    email: text('email').notNull(),
    attempt: integer('attempt').notNull(),
    /** The outbox mail; null when the building sends no emails (the delivery is `blocked`). */
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.postUuid, t.email, t.attempt] }),
    foreignKey({
      columns: [t.buildingId, t.postUuid, t.email],
      foreignColumns: [postRecipient.buildingId, postRecipient.postUuid, postRecipient.email],
    }).onDelete('cascade'),
  ],
);

const templateColumns = {
  uuid: uuid('uuid').notNull(),
  name: text('name').notNull(),
  texts: jsonb('texts').$type<PostTexts>().notNull(),
  sendEmail: boolean('send_email').notNull(),
  recipients: text('recipients').array().$type<RecipientValue[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A building's own post templates. */
export const postTemplate = pgTable(
  'post_templates',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    ...templateColumns,
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.uuid] })],
);

/** A building group's post templates, offered to every building of the group. */
export const groupPostTemplate = pgTable(
  'group_post_templates',
  {
    buildingGroupId: text('building_group_id')
      .notNull()
      .references(() => buildingGroup.id, { onDelete: 'cascade' }),
    ...templateColumns,
  },
  (t) => [primaryKey({ columns: [t.buildingGroupId, t.uuid] })],
);
