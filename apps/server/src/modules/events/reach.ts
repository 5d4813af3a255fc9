import { liveReach, type LiveChange } from '@copro/domain';
import type { BuildingAccess } from '../../platform/access';

/**
 * What a listener with this access receives of a change: nothing for a collection its role does
 * not read, no ids for one it reads only in part (an owner's own units), the change otherwise.
 */
export function shapeFor(access: BuildingAccess, change: LiveChange): LiveChange | null {
  const reach = liveReach(change.collection, { role: access.role, banned: access.banned }, access.policy);
  if (reach === 'none') return null;
  return reach === 'all' ? change : { ...change, ids: [] };
}

/** Whether the user's own standing in the building changed: what they may read changes with it. */
export const standingChanged = (before: BuildingAccess, after: BuildingAccess | null): boolean =>
  !after || after.role !== before.role || after.banned !== before.banned;
