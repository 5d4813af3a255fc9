import { asc, eq, inArray, or } from 'drizzle-orm';
import {
  billingStatusOf,
  effectiveBuildingRole,
  type BillingAccountDetail,
  type BillingAccountStatus,
  type BuildingMembership,
  type BuildingRole,
  type GroupRole,
  type Memberships,
} from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import {
  billingAccount,
  billingAccountUser,
  building,
  buildingGroup,
  buildingUser,
  groupUser,
} from '../../db/schema/index';
import { AppError } from '../../platform/errors';

/** The /dashboard list: every building and group the user reaches, with the role they have there. */
export async function membershipsOf(db: DbOrTx, userId: string): Promise<Memberships> {
  const groupRows = await db
    .select({ id: buildingGroup.id, name: buildingGroup.name, role: groupUser.role })
    .from(groupUser)
    .innerJoin(buildingGroup, eq(buildingGroup.id, groupUser.buildingGroupId))
    .where(eq(groupUser.userId, userId))
    .orderBy(asc(buildingGroup.name));
  const groups = groupRows.map((g) => ({ ...g, role: g.role as GroupRole }));
  const groupRoles = new Map(groups.map((g) => [g.id, g.role]));

  const own = await db
    .select({ buildingId: buildingUser.buildingId, role: buildingUser.role, banned: buildingUser.banned })
    .from(buildingUser)
    .where(eq(buildingUser.userId, userId));
  const ownRoles = new Map(own.map((o) => [o.buildingId, o]));
  const groupIds = [...groupRoles.keys()];
  const ownIds = [...ownRoles.keys()];
  const conditions = [
    ...(ownIds.length ? [inArray(building.id, ownIds)] : []),
    ...(groupIds.length ? [inArray(building.buildingGroupId, groupIds)] : []),
  ];
  const reachable = conditions.length
    ? await db
        .select({
          id: building.id,
          ref: building.ref,
          name: building.name,
          buildingGroupId: building.buildingGroupId,
          address: building.address,
        })
        .from(building)
        .where(or(...conditions))
    : [];
  const buildings = reachable
    .flatMap((b): BuildingMembership[] => {
      const mine = ownRoles.get(b.id);
      const role = effectiveBuildingRole(
        (mine?.role as BuildingRole | undefined) ?? null,
        groupRoles.get(b.buildingGroupId) ?? null,
      );
      if (role === null) return [];
      const membership = {
        ref: b.ref,
        name: b.name,
        buildingGroupId: b.buildingGroupId,
        city: b.address.city ?? null,
        role,
        banned: mine?.banned ?? false,
      };
      return [membership];
    })
    .sort((a, b) => a.name.localeCompare(b.name));

  const accounts = await db
    .select({ id: billingAccount.id, name: billingAccount.name })
    .from(billingAccountUser)
    .innerJoin(billingAccount, eq(billingAccount.id, billingAccountUser.billingAccountId))
    .where(eq(billingAccountUser.userId, userId))
    .orderBy(asc(billingAccount.name));
  return { buildings, groups, billingAccounts: accounts };
}

/** /billing-accounts/{id}: the account's status, buildings and users. */
export async function billingAccountDetail(db: DbOrTx, id: string): Promise<BillingAccountDetail> {
  const [account] = await db.select().from(billingAccount).where(eq(billingAccount.id, id));
  if (!account) throw new AppError('notFound');
  const buildings = await db
    .select({ ref: building.ref, name: building.name, buildingGroupId: building.buildingGroupId })
    .from(building)
    .where(eq(building.billingAccountId, id))
    .orderBy(asc(building.name));
  const groups = await db
    .select({ id: buildingGroup.id, name: buildingGroup.name })
    .from(buildingGroup)
    .where(eq(buildingGroup.billingAccountId, id))
    .orderBy(asc(buildingGroup.name));
  const users = await db
    .select({ userId: billingAccountUser.userId, role: billingAccountUser.role })
    .from(billingAccountUser)
    .where(eq(billingAccountUser.billingAccountId, id));
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    status: account.status as BillingAccountStatus,
    paymentMethod: account.paymentMethod,
    paidUntil: account.paidUntil?.toISOString() ?? null,
    billingStatus: billingStatusOf(
      { status: account.status as BillingAccountStatus, paidUntil: account.paidUntil },
      new Date(),
    ),
    buildings,
    groups,
    users,
  };
}
