import { eq } from 'drizzle-orm';
import type { BuildingGroupEdit, BuildingGroupView, GroupRole } from '@copro/domain';
import { buildingGroup } from '../../db/schema/index';
import { changesBetween, userSource } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { SessionUser } from '../../platform/routes';
import { logInTargetBuildings } from './invitations';
import { groupTarget } from './members';
import { membershipsOf } from './memberships';

/** A group as its members see it, with the buildings of the group this user reaches. */
export async function groupView(
  platform: Platform,
  buildingGroupId: string,
  user: SessionUser,
  role: GroupRole,
): Promise<BuildingGroupView> {
  const [group] = await platform.db.select().from(buildingGroup).where(eq(buildingGroup.id, buildingGroupId));
  if (!group) throw new AppError('notFound');
  const memberships = await membershipsOf(platform.db, user.id);
  return {
    id: group.id,
    name: group.name,
    logoUrl: group.logoUrl,
    role,
    buildings: memberships.buildings.filter((b) => b.buildingGroupId === group.id),
  };
}

/** Renames the group or changes its logo; each building of the group logs the edit. */
export async function editBuildingGroup(
  platform: Platform,
  buildingGroupId: string,
  actor: SessionUser,
  input: BuildingGroupEdit,
): Promise<void> {
  const target = await groupTarget(platform, buildingGroupId);
  await platform.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(buildingGroup)
      .where(eq(buildingGroup.id, buildingGroupId))
      .for('update');
    if (!before) throw new AppError('notFound');
    const after = { name: input.name, logoUrl: input.logoUrl ?? null };
    const changes = changesBetween(before, after);
    if (changes.length === 0) return;
    await tx
      .update(buildingGroup)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(buildingGroup.id, buildingGroupId));
    await logInTargetBuildings(tx, target, {
      event: 'buildingGroupEdited',
      source: userSource(actor),
      message: `Building group edited: ${changes.map((c) => c.field).join(', ')}`,
      changes,
      collection: 'building',
    });
  });
}
