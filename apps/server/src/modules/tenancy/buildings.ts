import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  buildingEditSchema,
  type BuildingCreate,
  type BuildingEdit,
  type BuildingView,
  type BuildingEnv,
  type Locale,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { building, buildingGroup, buildingUser, fiscalYear } from '../../db/schema/index';
import type { BuildingAccess, BuildingRow } from '../../platform/access';
import { changesBetween, userSource, writeLog } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events';
import type { Platform } from '../../platform/platform';
import type { SessionUser } from '../../platform/routes';
import { seedChartOfAccounts } from '../accounts';

/** A fiscal year start, as SPEC 3 keeps it: seconds since the epoch, at UTC midnight. */
const startSeconds = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`) / 1000;

/** The day before the same date a year later: a fiscal year covers twelve months. */
export function defaultEndDate(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export type FiscalYearRow = typeof fiscalYear.$inferSelect;

export async function fiscalYearsOf(db: DbOrTx, buildingId: string) {
  return db
    .select()
    .from(fiscalYear)
    .where(eq(fiscalYear.buildingId, buildingId))
    .orderBy(asc(fiscalYear.startDate));
}

/** The building as the API answers it; `years` (oldest first) when the caller already read them. */
export async function buildingView(
  db: DbOrTx,
  b: BuildingRow,
  known?: readonly FiscalYearRow[],
): Promise<BuildingView> {
  const years = known ?? (await fiscalYearsOf(db, b.id));
  const latestFirst = [...years].reverse();
  return {
    id: b.id,
    buildingRef: b.ref,
    buildingGroupId: b.buildingGroupId,
    billingAccountId: b.billingAccountId,
    name: b.name,
    type: b.type as BuildingView['type'],
    address: b.address,
    currency: b.currency,
    email: b.email ?? undefined,
    phone: b.phone ?? undefined,
    floors: b.floors ?? undefined,
    locale: b.locale as BuildingView['locale'],
    timeZone: b.timeZone,
    env: b.env as BuildingEnv,
    defaultBankAccountAID: b.defaultBankAccountAid,
    lowBalanceWarningThreshold: b.lowBalanceWarningThreshold,
    minimumUnitBalanceBeforeChargingPenalties: b.minimumUnitBalanceBeforeChargingPenalties,
    numberOfApprovalsRequired: b.numberOfApprovalsRequired,
    numberOfMonthsUnitHasUnpaidBalanceBeforeAlert: b.numberOfMonthsUnitHasUnpaidBalanceBeforeAlert,
    otonom: b.otonom,
    ownersFinancesAccess: b.ownersFinancesAccess as BuildingView['ownersFinancesAccess'],
    selfServiceEditAccess: b.selfServiceEditAccess as BuildingView['selfServiceEditAccess'],
    paymentMethodsRequiringApproval: b.paymentMethodsRequiringApproval,
    requestTagsMandatory: b.requestTagsMandatory,
    rolesThatReceiveAlerts: b.rolesThatReceiveAlerts,
    sendEmailOnCheckSaved: b.sendEmailOnCheckSaved,
    sendNoEmails: b.sendNoEmails,
    taxes: b.taxes,
    logoUrl: b.logoUrl ?? undefined,
    fiscalYears: latestFirst.map((y) => startSeconds(y.startDate)),
    unarchivedFiscalYears: latestFirst.filter((y) => !y.archived).map((y) => startSeconds(y.startDate)),
    creatingFiscalYear: b.creatingFiscalYear,
    fiscalYearError: b.fiscalYearError,
    frozen: b.frozen,
    scheduledForDeletion: b.scheduledForDeletion,
    storageSizeLimit: b.storageSizeLimit,
    updatedAt: b.updatedAt.toISOString(),
  };
}

/** The columns a settings edit may touch, under their API names. */
function columnsOf(edit: BuildingEdit): Partial<typeof building.$inferInsert> {
  const { logoUrl, email, phone, floors, ...rest } = edit;
  return {
    ...rest,
    ...(logoUrl !== undefined ? { logoUrl } : {}),
    ...(email !== undefined ? { email } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(floors !== undefined ? { floors } : {}),
  };
}

/** Edits the settings and logs "building edited" with each changed field, in one transaction. */
export async function editBuilding(
  platform: Platform,
  access: BuildingAccess,
  actor: SessionUser,
  input: BuildingEdit,
) {
  const edit = buildingEditSchema.parse(input);
  return platform.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(building)
      .where(eq(building.id, access.building.id))
      .for('update');
    if (!before) throw new AppError('notFound');
    const changes = changesBetween(before, columnsOf(edit));
    if (changes.length === 0) return buildingView(tx, before);
    const [after] = await tx
      .update(building)
      .set({ ...columnsOf(edit), updatedAt: new Date() })
      .where(eq(building.id, before.id))
      .returning();
    if (!after) throw new AppError('notFound');
    await writeLog(tx, {
      buildingId: before.id,
      event: 'buildingEdited',
      source: userSource(actor),
      message: `Building edited: ${changes.map((c) => c.field).join(', ')}`,
      changes,
    });
    await publish(tx, { buildingId: before.id, collection: 'building', ids: [before.id] });
    return buildingView(tx, after);
  });
}

/**
 * Creates a building in a group of the billing account, with its first fiscal year, and makes
 * the creator its administrator.
 */
export async function createBuilding(platform: Platform, actor: SessionUser, input: BuildingCreate) {
  return platform.db.transaction(async (tx) => {
    const [group] = await tx.select().from(buildingGroup).where(eq(buildingGroup.id, input.buildingGroupId));
    if (!group) throw new AppError('notFound');
    const [taken] = await tx
      .select({ id: building.id })
      .from(building)
      .where(eq(building.ref, input.buildingRef));
    if (taken) throw new AppError('buildingRefTaken');
    const { buildingRef, fiscalYearStart, buildingGroupId, ...settings } = input;
    const id = randomUUID();
    const [created] = await tx
      .insert(building)
      .values({
        ...columnsOf(settings),
        id,
        ref: buildingRef,
        buildingGroupId,
        billingAccountId: group.billingAccountId,
        name: settings.name,
      })
      .returning();
    if (!created) throw new Error('building insert returned nothing');
    await tx
      .insert(fiscalYear)
      .values({ buildingId: id, startDate: fiscalYearStart, endDate: defaultEndDate(fiscalYearStart) });
    await seedChartOfAccounts(
      tx,
      { buildingId: id, fiscalYear: fiscalYearStart },
      userSource(actor),
      created.locale as Locale,
    );
    await tx
      .insert(buildingUser)
      .values({ buildingId: id, userId: actor.id, email: actor.email, role: 'admin' });
    await writeLog(tx, {
      buildingId: id,
      event: 'fiscalYearCreated',
      source: userSource(actor),
      message: `Fiscal year ${fiscalYearStart} created`,
      metadata: { fiscalYear: fiscalYearStart },
    });
    // Read again: seeding the chart set the default bank account after the insert.
    const [seeded] = await tx.select().from(building).where(eq(building.id, id));
    return buildingView(tx, seeded ?? created);
  });
}
