import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import {
  canManageMember,
  type BuildingMembers,
  type BuildingRole,
  type GroupMembers,
  type GroupRole,
} from '@copro/domain';
import type { Tx } from '../../db/client';
import { building, buildingGroup, buildingUser, groupUser, invitation, user } from '../../db/schema/index';
import type { BuildingAccess } from '../../platform/access';
import { userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { SessionUser } from '../../platform/routes';
import { logInTargetBuildings, type InvitationTarget } from './invitations';

export const buildingTarget = (access: BuildingAccess): InvitationTarget => ({
  scope: 'building',
  targetId: access.building.id,
  buildingId: access.building.id,
  name: access.building.name,
});

export async function groupTarget(platform: Platform, buildingGroupId: string): Promise<InvitationTarget> {
  const [g] = await platform.db.select().from(buildingGroup).where(eq(buildingGroup.id, buildingGroupId));
  if (!g) throw new AppError('notFound');
  return { scope: 'group', targetId: g.id, buildingId: null, name: g.name };
}

/** The invitations still open, their roles those of the target's kind (building or group). */
async function pendingInvitations<R extends string>(platform: Platform, target: InvitationTarget) {
  const rows = await platform.db
    .select({ email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt })
    .from(invitation)
    .where(
      and(
        eq(invitation.scope, target.scope),
        eq(invitation.targetId, target.targetId),
        isNull(invitation.usedAt),
      ),
    )
    .orderBy(asc(invitation.email));
  return rows.map((r) => ({
    email: r.email,
    role: r.role as R,
    expiresAt: r.expiresAt.toISOString(),
    expired: r.expiresAt.getTime() < Date.now(),
  }));
}

export async function listBuildingUsers(
  platform: Platform,
  access: BuildingAccess,
): Promise<BuildingMembers> {
  const users = await platform.db
    .select({
      userId: buildingUser.userId,
      email: buildingUser.email,
      role: buildingUser.role,
      banned: buildingUser.banned,
      name: user.name,
    })
    .from(buildingUser)
    .innerJoin(user, eq(user.id, buildingUser.userId))
    .where(eq(buildingUser.buildingId, access.building.id))
    .orderBy(asc(buildingUser.email));
  return {
    users: users.map((u) => ({ ...u, role: u.role as BuildingRole })),
    invitations: await pendingInvitations<BuildingRole>(platform, buildingTarget(access)),
  };
}

export async function listGroupUsers(platform: Platform, buildingGroupId: string): Promise<GroupMembers> {
  const users = await platform.db
    .select({ userId: groupUser.userId, email: groupUser.email, role: groupUser.role, name: user.name })
    .from(groupUser)
    .innerJoin(user, eq(user.id, groupUser.userId))
    .where(eq(groupUser.buildingGroupId, buildingGroupId))
    .orderBy(asc(groupUser.email));
  return {
    users: users.map((u) => ({ ...u, role: u.role as GroupRole })),
    invitations: await pendingInvitations<GroupRole>(platform, await groupTarget(platform, buildingGroupId)),
  };
}

/**
 * Locks the building first, so changes to its members run one after another: two admins demoting
 * each other at once must not both pass the last-admin check.
 */
async function lockedBuildingUser(tx: Tx, buildingId: string, userId: string) {
  await tx.select({ id: building.id }).from(building).where(eq(building.id, buildingId)).for('update');
  const [row] = await tx
    .select()
    .from(buildingUser)
    .where(and(eq(buildingUser.buildingId, buildingId), eq(buildingUser.userId, userId)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

/** SPEC 6 user management without self-escalation (see canManageMember in the domain package). */
function assertMayManage(access: BuildingAccess, currentRole: string, newRole?: BuildingRole): void {
  if (!canManageMember(access.role, currentRole as BuildingRole, newRole)) throw new AppError('forbidden');
}

/** A building always keeps one administrator who is not banned. */
async function assertAnotherAdmin(tx: Tx, buildingId: string, userId: string): Promise<void> {
  const others = await tx
    .select({ userId: buildingUser.userId })
    .from(buildingUser)
    .where(
      and(
        eq(buildingUser.buildingId, buildingId),
        eq(buildingUser.role, 'admin'),
        eq(buildingUser.banned, false),
        ne(buildingUser.userId, userId),
      ),
    );
  if (others.length === 0) throw new AppError('lastAdmin');
}

/**
 * admin/users: a member's role and ban, changed together in one transaction, so a refusal of
 * one (the last admin) leaves the other unchanged too.
 */
export async function updateBuildingMember(
  platform: Platform,
  access: BuildingAccess,
  actor: SessionUser,
  userId: string,
  patch: { role?: BuildingRole | undefined; banned?: boolean | undefined },
) {
  await platform.db.transaction(async (tx) => {
    if (patch.role) await changeBuildingRole(tx, access, actor, userId, patch.role);
    if (patch.banned !== undefined) await setBuildingUserBanned(tx, access, actor, userId, patch.banned);
  });
}

async function changeBuildingRole(
  tx: Tx,
  access: BuildingAccess,
  actor: SessionUser,
  userId: string,
  role: BuildingRole,
) {
  const row = await lockedBuildingUser(tx, access.building.id, userId);
  assertMayManage(access, row.role, role);
  if (row.role === role) return;
  if (row.role === 'admin') await assertAnotherAdmin(tx, access.building.id, userId);
  await tx
    .update(buildingUser)
    .set({ role })
    .where(and(eq(buildingUser.buildingId, access.building.id), eq(buildingUser.userId, userId)));
  await logInTargetBuildings(tx, buildingTarget(access), {
    event: 'userRoleChanged',
    source: userSource(actor),
    message: `Role of ${row.email} changed from ${row.role} to ${role}`,
    metadata: { userId, email: row.email },
    changes: [{ field: 'role', before: row.role, after: role }],
  });
}

async function setBuildingUserBanned(
  tx: Tx,
  access: BuildingAccess,
  actor: SessionUser,
  userId: string,
  banned: boolean,
) {
  const row = await lockedBuildingUser(tx, access.building.id, userId);
  assertMayManage(access, row.role);
  if (row.banned === banned) return;
  if (banned && row.role === 'admin') await assertAnotherAdmin(tx, access.building.id, userId);
  await tx
    .update(buildingUser)
    .set({ banned })
    .where(and(eq(buildingUser.buildingId, access.building.id), eq(buildingUser.userId, userId)));
  await logInTargetBuildings(tx, buildingTarget(access), {
    event: banned ? 'userBanned' : 'userUnbanned',
    source: userSource(actor),
    message: `${row.email} ${banned ? 'banned' : 'unbanned'}`,
    metadata: { userId, email: row.email },
    changes: [{ field: 'banned', before: row.banned, after: banned }],
  });
}

export async function removeBuildingUser(
  platform: Platform,
  access: BuildingAccess,
  actor: SessionUser,
  userId: string,
) {
  await platform.db.transaction(async (tx) => {
    const row = await lockedBuildingUser(tx, access.building.id, userId);
    assertMayManage(access, row.role);
    if (row.role === 'admin') await assertAnotherAdmin(tx, access.building.id, userId);
    await tx
      .delete(buildingUser)
      .where(and(eq(buildingUser.buildingId, access.building.id), eq(buildingUser.userId, userId)));
    await logInTargetBuildings(tx, buildingTarget(access), {
      event: 'userRemoved',
      source: userSource(actor),
      message: `${row.email} removed`,
      metadata: { userId, email: row.email, role: row.role },
    });
  });
}

/** Locks the group first, for the same reason as lockedBuildingUser. */
async function lockedGroupUser(tx: Tx, buildingGroupId: string, userId: string) {
  await tx
    .select({ id: buildingGroup.id })
    .from(buildingGroup)
    .where(eq(buildingGroup.id, buildingGroupId))
    .for('update');
  const [row] = await tx
    .select()
    .from(groupUser)
    .where(and(eq(groupUser.buildingGroupId, buildingGroupId), eq(groupUser.userId, userId)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

async function assertAnotherGroupAdmin(tx: Tx, buildingGroupId: string, userId: string): Promise<void> {
  const others = await tx
    .select({ userId: groupUser.userId })
    .from(groupUser)
    .where(
      and(
        eq(groupUser.buildingGroupId, buildingGroupId),
        eq(groupUser.role, 'admin'),
        ne(groupUser.userId, userId),
      ),
    );
  if (others.length === 0) throw new AppError('lastAdmin');
}

export async function changeGroupRole(
  platform: Platform,
  buildingGroupId: string,
  actor: SessionUser,
  userId: string,
  role: GroupRole,
) {
  const target = await groupTarget(platform, buildingGroupId);
  await platform.db.transaction(async (tx) => {
    const row = await lockedGroupUser(tx, buildingGroupId, userId);
    if (row.role === role) return;
    if (row.role === 'admin') await assertAnotherGroupAdmin(tx, buildingGroupId, userId);
    await tx
      .update(groupUser)
      .set({ role })
      .where(and(eq(groupUser.buildingGroupId, buildingGroupId), eq(groupUser.userId, userId)));
    await logInTargetBuildings(tx, target, {
      event: 'userRoleChanged',
      source: userSource(actor),
      message: `Group role of ${row.email} changed from ${row.role} to ${role}`,
      metadata: { userId, email: row.email, scope: 'group' },
      changes: [{ field: 'role', before: row.role, after: role }],
    });
  });
}

export async function removeGroupUser(
  platform: Platform,
  buildingGroupId: string,
  actor: SessionUser,
  userId: string,
) {
  const target = await groupTarget(platform, buildingGroupId);
  await platform.db.transaction(async (tx) => {
    const row = await lockedGroupUser(tx, buildingGroupId, userId);
    if (row.role === 'admin') await assertAnotherGroupAdmin(tx, buildingGroupId, userId);
    await tx
      .delete(groupUser)
      .where(and(eq(groupUser.buildingGroupId, buildingGroupId), eq(groupUser.userId, userId)));
    await logInTargetBuildings(tx, target, {
      event: 'userRemoved',
      source: userSource(actor),
      message: `${row.email} removed from the group`,
      metadata: { userId, email: row.email, role: row.role, scope: 'group' },
    });
  });
}
