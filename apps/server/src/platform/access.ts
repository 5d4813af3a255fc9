import { and, eq } from 'drizzle-orm';
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

/** The user's role in a building: their own, else the one inherited from the building's group. */
export async function buildingAccess(
  db: DbOrTx,
  userId: string,
  buildingRef: string,
): Promise<BuildingAccess | null> {
  const [row] = await db
    .select({ building, status: billingAccount.status, paidUntil: billingAccount.paidUntil })
    .from(building)
    .leftJoin(billingAccount, eq(billingAccount.id, building.billingAccountId))
    .where(eq(building.ref, buildingRef));
  if (!row) return null;
  const b = row.building;
  const account = row.status
    ? { status: row.status as BillingAccountStatus, paidUntil: row.paidUntil }
    : null;
  const [own] = await db
    .select({ role: buildingUser.role, banned: buildingUser.banned })
    .from(buildingUser)
    .where(and(eq(buildingUser.buildingId, b.id), eq(buildingUser.userId, userId)));
  const groupRole = await groupRoleOf(db, userId, b.buildingGroupId);
  return {
    building: b,
    role: effectiveBuildingRole((own?.role as BuildingRole | undefined) ?? null, groupRole),
    banned: own?.banned ?? false,
    policy: policyOf(b),
    billingStatus: billingStatusOf(account, new Date()),
  };
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
