import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RequestAttachment } from '@copro/domain';
import { building, buildingGroup } from './tenancy';

/**
 * Requests (DOMAIN 11): a building's requests with their internal notes, the number each next
 * request takes, and the tags and request email templates kept by a building or by its group
 * (a group's are offered in each of its buildings).
 */

export const request = pgTable(
  'requests',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    /** Sequential per building (`request_numbers`), shown as #12. */
    number: integer('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('open'),
    unitUuid: uuid('unit_uuid'),
    /** The user who made it in the app; null for one made for someone outside the app or by email. */
    requesterId: text('requester_id'),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email'),
    assigneeId: text('assignee_id'),
    /** Tag uuids, in the order chosen. */
    tags: uuid('tags')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    attachments: jsonb('attachments').$type<RequestAttachment[]>().notNull().default([]),
    fromEmail: boolean('from_email').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    uniqueIndex('requests_number_idx').on(t.buildingId, t.number),
    index('requests_activity_idx').on(t.buildingId, t.lastActivityAt),
    index('requests_requester_idx').on(t.buildingId, t.requesterId),
    check('requests_status_check', sql`${t.status} in ('open', 'underway', 'closed')`),
  ],
);

/** The last number a building's requests took. */
export const requestNumber = pgTable('request_numbers', {
  buildingId: uuid('building_id')
    .primaryKey()
    .references(() => building.id, { onDelete: 'cascade' }),
  last: integer('last').notNull(),
});

/** Internal notes: the handlers' own, apart from the conversation with the requester. */
export const requestNote = pgTable(
  'request_notes',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    requestUuid: uuid('request_uuid').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    index('request_notes_request_idx').on(t.buildingId, t.requestUuid, t.at),
  ],
);

/** Kept by a building (`building_id`) or by a building group (`building_group_id`), never both. */
const scopeColumns = () => ({
  buildingId: uuid('building_id').references(() => building.id, { onDelete: 'cascade' }),
  buildingGroupId: text('building_group_id').references(() => buildingGroup.id, { onDelete: 'cascade' }),
});

export const requestTag = pgTable(
  'request_tags',
  {
    ...scopeColumns(),
    uuid: uuid('uuid').primaryKey(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    defaultHandlerId: text('default_handler_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('request_tags_building_idx').on(t.buildingId),
    index('request_tags_group_idx').on(t.buildingGroupId),
    check('request_tags_scope_check', sql`(${t.buildingId} is null) <> (${t.buildingGroupId} is null)`),
  ],
);

export const requestEmailTemplate = pgTable(
  'request_email_templates',
  {
    ...scopeColumns(),
    uuid: uuid('uuid').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    tags: uuid('tags')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('request_email_templates_building_idx').on(t.buildingId),
    index('request_email_templates_group_idx').on(t.buildingGroupId),
    check(
      'request_email_templates_scope_check',
      sql`(${t.buildingId} is null) <> (${t.buildingGroupId} is null)`,
    ),
  ],
);
