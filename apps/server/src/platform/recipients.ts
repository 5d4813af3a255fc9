import { and, eq, inArray } from 'drizzle-orm';
import { languageOf, type BuildingRole, type Language } from '@copro/domain';
import type { DbOrTx } from '../db/client';
import type { building } from '../db/schema/index';
import { buildingUser, groupUser, user } from '../db/schema/index';

/**
 * The users of a building with one of `roles` (not banned) and its group's users with a role of
 * the same name, none disabled: each address once, in the user's language, else the building's.
 */
export async function usersWithRoles(
  db: DbOrTx,
  b: typeof building.$inferSelect,
  roles: readonly string[],
): Promise<{ email: string; language: Language }[]> {
  if (roles.length === 0) return [];
  const inBuilding = await db
    .select({ email: user.email, locale: user.locale })
    .from(buildingUser)
    .innerJoin(user, eq(user.id, buildingUser.userId))
    .where(
      and(
        eq(buildingUser.buildingId, b.id),
        eq(buildingUser.banned, false),
        eq(user.disabled, false),
        inArray(buildingUser.role, roles as BuildingRole[]),
      ),
    );
  const inGroup = await db
    .select({ email: user.email, locale: user.locale })
    .from(groupUser)
    .innerJoin(user, eq(user.id, groupUser.userId))
    .where(
      and(
        eq(groupUser.buildingGroupId, b.buildingGroupId),
        eq(user.disabled, false),
        inArray(groupUser.role, roles as BuildingRole[]),
      ),
    );
  const byEmail = new Map<string, Language>();
  for (const r of [...inBuilding, ...inGroup]) {
    const email = r.email.toLowerCase();
    if (!byEmail.has(email)) byEmail.set(email, languageOf(r.locale ?? b.locale));
  }
  return [...byEmail].map(([email, language]) => ({ email, language }));
}
