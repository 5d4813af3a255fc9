import { and, eq, sql } from 'drizzle-orm';
import {
  billingStatusOf,
  effectiveBuildingRole,
  type BillingAccountStatus,
  type BillingStatus,
  type BuildingPolicy,
  type BuildingRole,
  type GroupRole,
} from '@copro/domain';
import type { DbOrTx } from '../db/client';
import { billingAccount, billingAccountUser, building, buildingUser, groupUser } from '../db/schema/index';

export type BuildingRow = typeof building.$inferSelect;

export interface BuildingAccess {
  building: BuildingRow;
  role: BuildingRole | null;
  banned: boolean;
  policy: BuildingPolicy;
  billingStatus: BillingStatus;
}

export const policyOf = (b: BuildingRow): BuildingPolicy => ({
  ownersFinancesAccess: b.ownersFinancesAccess as BuildingPolicy['ownersFinancesAccess'],
  selfServiceEditAccess: b.selfServiceEditAccess as BuildingPolicy['selfServiceEditAccess'],
});

/**
 * The building by its ref with everything a request's check needs, in one round trip: its billing
 * account's standing, and the user's own role and ban and role in the building's group. The user
 * and ref are placeholders, so the request cache can prepare it once (access-cache.ts).
 */
export const accessQuery = (db: DbOrTx) =>
  db
    .select({
      building,
      status: billingAccount.status,
      paidUntil: billingAccount.paidUntil,
      ownRole: buildingUser.role,
      banned: buildingUser.banned,
      groupRole: groupUser.role,
    })
    .from(building)
    .leftJoin(billingAccount, eq(billingAccount.id, building.billingAccountId))
    .leftJoin(
      buildingUser,
      and(eq(buildingUser.buildingId, building.id), eq(buildingUser.userId, sql.placeholder('userId'))),
    )
    .leftJoin(
      groupUser,
      and(
        eq(groupUser.buildingGroupId, building.buildingGroupId),
        eq(groupUser.userId, sql.placeholder('userId')),
      ),
    )
    .where(eq(building.ref, sql.placeholder('ref')));

export type AccessRow = Awaited<ReturnType<ReturnType<typeof accessQuery>['execute']>>[number];

/** A building's standing with its billing account, apart from the day it is judged on. */
export type BillingAccountStanding = Parameters<typeof billingStatusOf>[0];

export const standingOf = (row: AccessRow): BillingAccountStanding =>
  row.status ? { status: row.status as BillingAccountStatus, paidUntil: row.paidUntil } : null;

/** The user's role in a building: their own, else the one inherited from the building's group. */
export const accessOf = (row: AccessRow): Omit<BuildingAccess, 'billingStatus'> => ({
  building: row.building,
  role: effectiveBuildingRole(
    (row.ownRole as BuildingRole | null) ?? null,
    (row.groupRole as GroupRole | null) ?? null,
  ),
  banned: row.banned ?? false,
  policy: policyOf(row.building),
});

/** The user's access to a building, read from the database (the request guard reads it through its cache). */
export async function buildingAccess(
  db: DbOrTx,
  userId: string,
  buildingRef: string,
): Promise<BuildingAccess | null> {
  const [row] = await accessQuery(db).execute({ userId, ref: buildingRef });
  if (!row) return null;
  return { ...accessOf(row), billingStatus: billingStatusOf(standingOf(row), new Date()) };
}

export async function groupRoleOf(
  db: DbOrTx,
  userId: string,
  buildingGroupId: string,
): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: groupUser.role })
    .from(groupUser)
    .where(and(eq(groupUser.buildingGroupId, buildingGroupId), eq(groupUser.userId, userId)));
  return (row?.role as GroupRole | undefined) ?? null;
}

export async function isBillingAccountAdmin(
  db: DbOrTx,
  userId: string,
  billingAccountId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ role: billingAccountUser.role })
    .from(billingAccountUser)
    .where(
      and(eq(billingAccountUser.billingAccountId, billingAccountId), eq(billingAccountUser.userId, userId)),
    );
  return row?.role === 'admin';
}
