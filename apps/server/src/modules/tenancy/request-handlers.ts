import { and, asc, eq, inArray } from 'drizzle-orm';
import { can, canInGroup, effectiveBuildingRole, type BuildingRole, type GroupRole } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import { building, buildingUser, groupUser, user } from '../../db/schema/index';
import { policyOf } from '../../platform/access';

/** A user a request may be assigned to. */
export interface RequestHandlerUser {
  id: string;
  name: string;
  email: string;
}

/**
 * The users who handle requests in a building (DOMAIN 11): their own role there, else the one
 * they inherit from the building's group, grants `requests.handle`, and they are not banned.
 */
export async function requestHandlersOf(db: DbOrTx, buildingId: string): Promise<RequestHandlerUser[]> {
  const [b] = await db.select().from(building).where(eq(building.id, buildingId));
  if (!b) return [];
  const own = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: buildingUser.role,
      banned: buildingUser.banned,
    })
    .from(buildingUser)
    .innerJoin(user, eq(user.id, buildingUser.userId))
    .where(eq(buildingUser.buildingId, buildingId));
  const inherited = await db
    .select({ id: user.id, name: user.name, email: user.email, role: groupUser.role })
    .from(groupUser)
    .innerJoin(user, eq(user.id, groupUser.userId))
    .where(eq(groupUser.buildingGroupId, b.buildingGroupId));
  const policy = policyOf(b);
  const ownById = new Map(own.map((u) => [u.id, u]));
  const handlers = new Map<string, RequestHandlerUser>();
  for (const u of [...own, ...inherited]) {
    const mine = ownById.get(u.id);
    const role = effectiveBuildingRole(
      (mine?.role as BuildingRole | undefined) ?? null,
      mine ? null : (u.role as GroupRole),
    );
    if (can({ role, banned: mine?.banned ?? false }, 'requests.handle', policy))
      handlers.set(u.id, { id: u.id, name: u.name, email: u.email });
  }
  return [...handlers.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email),
  );
}

/** The group users who handle requests in every building of the group (a group tag's default handler). */
export async function groupRequestHandlersOf(
  db: DbOrTx,
  buildingGroupId: string,
): Promise<RequestHandlerUser[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, role: groupUser.role })
    .from(groupUser)
    .innerJoin(user, eq(user.id, groupUser.userId))
    .where(eq(groupUser.buildingGroupId, buildingGroupId))
    .orderBy(asc(user.name));
  return rows
    .filter((r) => canInGroup(r.role as GroupRole, 'requests.handle'))
    .map(({ id, name, email }) => ({ id, name, email }));
}

/** Names of users, by id (the authors and assignees a request names). */
export async function userNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(and(inArray(user.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A user with a role in the building (their own or their group's), whom a request may be made for. */
export async function buildingMemberOf(
  db: DbOrTx,
  buildingId: string,
  userId: string,
): Promise<RequestHandlerUser | null> {
  const [own] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(buildingUser)
    .innerJoin(user, eq(user.id, buildingUser.userId))
    .where(and(eq(buildingUser.buildingId, buildingId), eq(buildingUser.userId, userId)));
  if (own) return own;
  const [inherited] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(groupUser)
    .innerJoin(building, eq(building.buildingGroupId, groupUser.buildingGroupId))
    .innerJoin(user, eq(user.id, groupUser.userId))
    .where(and(eq(building.id, buildingId), eq(groupUser.userId, userId)));
  return inherited ?? null;
}
