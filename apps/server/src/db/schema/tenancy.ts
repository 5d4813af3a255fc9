import { sql } from 'drizzle-orm';
import { centsColumn } from '../money';
import {
  bigint,
  boolean,
  date,
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
import { zeroCents, type BuildingSettings } from '@copro/domain';
import { user } from './auth';

export const billingAccount = pgTable('billing_accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  address: jsonb('address').$type<BuildingSettings['address']>().notNull().default({}),
  env: text('env').notNull().default('prod'),
  locale: text('locale').notNull().default('fr-CA'),
  paymentMethod: text('payment_method').notNull().default('manual'),
  status: text('status').notNull().default('active'),
  paidUntil: timestamp('paid_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingAccountUser = pgTable(
  'billing_account_users',
  {
    billingAccountId: text('billing_account_id')
      .notNull()
      .references(() => billingAccount.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('admin'),
  },
  (t) => [primaryKey({ columns: [t.billingAccountId, t.userId] })],
);

export const buildingGroup = pgTable('building_groups', {
  id: text('id').primaryKey(),
  billingAccountId: text('billing_account_id')
    .notNull()
    .references(() => billingAccount.id),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groupUser = pgTable(
  'group_users',
  {
    buildingGroupId: text('building_group_id')
      .notNull()
      .references(() => buildingGroup.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildingGroupId, t.userId] })],
);

export const building = pgTable(
  'buildings',
  {
    id: uuid('id').primaryKey(),
    ref: text('ref').notNull(),
    buildingGroupId: text('building_group_id')
      .notNull()
      .references(() => buildingGroup.id),
    billingAccountId: text('billing_account_id')
      .notNull()
      .references(() => billingAccount.id),
    name: text('name').notNull(),
    type: text('type').notNull().default('condo'),
    address: jsonb('address').$type<BuildingSettings['address']>().notNull().default({}),
    currency: text('currency').notNull().default('CAD'),
    defaultBankAccountAid: text('default_bank_account_aid'),
    email: text('email'),
    phone: text('phone'),
    env: text('env').notNull().default('prod'),
    floors: integer('floors'),
    frozen: boolean('frozen').notNull().default(false),
    locale: text('locale').notNull().default('fr-CA'),
    timeZone: text('time_zone').notNull().default('America/Toronto'),
    lowBalanceWarningThreshold: centsColumn('low_balance_warning_threshold').notNull().default(zeroCents),
    minimumUnitBalanceBeforeChargingPenalties: centsColumn('minimum_unit_balance_before_charging_penalties')
      .notNull()
      .default(zeroCents),
    numberOfApprovalsRequired: integer('number_of_approvals_required').notNull().default(0),
    numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: integer(
      'number_of_months_unit_has_unpaid_balance_before_alert',
    )
      .notNull()
      .default(3),
    otonom: jsonb('otonom').$type<BuildingSettings['otonom']>().notNull().default({}),
    ownersFinancesAccess: text('owners_finances_access').notNull().default('none'),
    selfServiceEditAccess: text('self_service_edit_access').notNull().default('none'),
    paymentMethodsRequiringApproval: jsonb('payment_methods_requiring_approval')
      .$type<BuildingSettings['paymentMethodsRequiringApproval']>()
      .notNull()
      .default([]),
    requestTagsMandatory: boolean('request_tags_mandatory').notNull().default(false),
    rolesThatReceiveAlerts: jsonb('roles_that_receive_alerts')
      .$type<BuildingSettings['rolesThatReceiveAlerts']>()
      .notNull()
      .default(['admin']),
    scheduledForDeletion: boolean('scheduled_for_deletion').notNull().default(false),
    sendEmailOnCheckSaved: boolean('send_email_on_check_saved').notNull().default(false),
    sendNoEmails: boolean('send_no_emails').notNull().default(false),
    storageSizeLimit: bigint('storage_size_limit', { mode: 'number' })
      .notNull()
      .default(5 * 1024 * 1024 * 1024),
    taxes: jsonb('taxes').$type<BuildingSettings['taxes']>().notNull().default([]),
    logoUrl: text('logo_url'),
    creatingFiscalYear: boolean('creating_fiscal_year').notNull().default(false),
    /** Why the last new fiscal year could not be created (an i18n key); cleared by the next attempt. */
    fiscalYearError: text('fiscal_year_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('buildings_ref_idx').on(t.ref), index('buildings_group_idx').on(t.buildingGroupId)],
);

/** A building's fiscal years, each identified by its start date. */
export const fiscalYear = pgTable(
  'fiscal_years',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.startDate] })],
);

/** A person's role in a building. The email is kept so admins see who the row is for. */
export const buildingUser = pgTable(
  'building_users',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => building.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    banned: boolean('banned').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.userId] }), index('building_users_user_idx').on(t.userId)],
);

export const invitation = pgTable(
  'invitations',
  {
    token: text('token').primaryKey(),
    scope: text('scope').notNull(),
    targetId: text('target_id').notNull(),
    buildingId: uuid('building_id').references(() => building.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_target_idx').on(t.scope, t.targetId),
    uniqueIndex('invitations_open_idx')
      .on(t.scope, t.targetId, t.email)
      .where(sql`used_at is null`),
  ],
);
