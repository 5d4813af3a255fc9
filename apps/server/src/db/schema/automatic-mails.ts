import type { AutomaticMailKind, Language, ReminderKind } from '@copro/domain';
import {
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogSource } from './platform';
import { building } from './tenancy';

/**
 * Automatic communications (DOMAIN 11) and the building's texts of its automatic mails: the
 * reminders' settings, the subjects and bodies a building wrote over the defaults, and each
 * reminder episode sent (its key unique, so an episode goes once whatever runs the job).
 */

/** A building's text of one automatic mail in one language; no row: the default text. */
export const automaticMailTemplate = pgTable(
  'automatic_mail_templates',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AutomaticMailKind>().notNull(),
    language: text('language').$type<Language>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: jsonb('updated_by').$type<LogSource>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.kind, t.language] })],
);

/** Which reminders a building sends and when; no row: none, with the default delays. */
export const automaticCommunicationSettings = pgTable('automatic_communication_settings', {
  buildingId: uuid('building_id')
    .primaryKey()
    .references(() => building.id, { onDelete: 'cascade' }),
  enabled: text('enabled').array().$type<ReminderKind[]>().notNull().default([]),
  insuranceDaysBefore: integer('insurance_days_before').notNull(),
  warrantyDaysBefore: integer('warranty_days_before').notNull(),
  waterHeaterLifeYears: integer('water_heater_life_years').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One reminder episode sent to a unit's owners. */
export const automaticMailSent = pgTable(
  'automatic_mails_sent',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    uuid: uuid('uuid').notNull(),
    kind: text('kind').$type<ReminderKind>().notNull(),
    /** `dueReminders`' episode key: the unique key that makes the episode go once. */
    episodeKey: text('episode_key').notNull(),
    unitUuid: uuid('unit_uuid').notNull(),
    unitNumber: text('unit_number').notNull(),
    /** The building's date of the run that sent it. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    recipients: text('recipients').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.uuid] }),
    uniqueIndex('automatic_mails_sent_episode').on(t.buildingId, t.episodeKey),
    // The history lists a building's sends newest first, a page at a time.
    uniqueIndex('automatic_mails_sent_order').on(t.buildingId, t.sentOn, t.uuid),
  ],
);
