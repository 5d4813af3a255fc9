import { sql } from 'drizzle-orm';
import { ledgerAccountKinds, type LedgerAccountKind } from '@copro/domain';
import { nameOrderSql, unitNumberOrderSql } from './registry-order';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { building, fiscalYear } from './tenancy';

export const registryCollections = [
  'units',
  'people',
  'parkings',
  'lockers',
  'suppliers',
  'banks',
  'categories',
] as const;
export type RegistryCollection = (typeof registryCollections)[number];

/**
 * Every registry record of a building and fiscal year: units, people, parkings, lockers,
 * suppliers, banks and categories (docs/decisions.md "One registry table"). The fields each
 * collection's zod schema validates live in `data`; what SQL must see (the number that must be
 * unique, the owners' emails an owner is matched by, the ledger account) has its own column.
 * A new fiscal year copies the rows forward with the same uuids.
 */
export const registryRecord = pgTable(
  'registry_records',
  {
    buildingId: uuid('building_id').notNull(),
    fiscalYear: date('fiscal_year', { mode: 'string' }).notNull(),
    collection: text('collection').$type<RegistryCollection>().notNull(),
    uuid: uuid('uuid').notNull(),
    /** The record's ledger account (units, suppliers, banks, categories). */
    aid: integer('aid'),
    /** Units, parkings and lockers: unique in the building and year. */
    number: text('number'),
    archived: boolean('archived').notNull().default(false),
    /** Units: the owners' emails, lowercased, kept in step with the people's records. */
    ownersEmails: text('owners_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.fiscalYear, t.collection, t.uuid] }),
    foreignKey({
      columns: [t.buildingId, t.fiscalYear],
      foreignColumns: [fiscalYear.buildingId, fiscalYear.startDate],
    }).onDelete('cascade'),
    uniqueIndex('registry_records_number_idx')
      .on(t.buildingId, t.fiscalYear, t.collection, t.number)
      .where(sql`${t.number} is not null`),
    index('registry_records_owners_emails_idx').using('gin', t.ownersEmails),
    // The first pages of the units and people lists read in order, not by sorting every record.
    index('registry_records_unit_order_idx').on(
      t.buildingId,
      t.fiscalYear,
      t.collection,
      ...unitNumberOrderSql(sql`${t.number}`),
      t.uuid,
    ),
    index('registry_records_person_order_idx').on(
      t.buildingId,
      t.fiscalYear,
      t.collection,
      nameOrderSql(sql`${t.data} ->> 'lastName'`),
      nameOrderSql(sql`${t.data} ->> 'firstName'`),
      t.uuid,
    ),
  ],
);

// The kinds are the domain's (schemas/ledger.ts), one list for the table and the API.
export { ledgerAccountKinds };
export type { LedgerAccountKind };

/**
 * The ledger accounts of a building. Numbered from 1 in each building so people can read them;
 * a unit gets a new one at each sale (DOMAIN 6), the others keep theirs for life.
 */
export const ledgerAccount = pgTable(
  'ledger_accounts',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    aid: integer('aid').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    recordUuid: uuid('record_uuid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buildingId, t.aid] }),
    index('ledger_accounts_record_idx').on(t.buildingId, t.recordUuid),
  ],
);
