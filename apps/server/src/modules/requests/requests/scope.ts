import { eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Where tags and request email templates are kept (SPEC 2: `requests/tags` and
 * `requests/templates` of a building and of a building group): a building's own are written in the
 * building; a group's are written in the group and offered in each of its buildings.
 */
export type KeeperScope =
  | { kind: 'building'; buildingId: string; buildingGroupId: string }
  | { kind: 'group'; buildingGroupId: string };

/** What a building offers: its own and its group's; what a group keeps: its own. */
export function offeredIn(
  scope: KeeperScope,
  columns: { buildingId: PgColumn; buildingGroupId: PgColumn },
): SQL {
  if (scope.kind === 'group') return eq(columns.buildingGroupId, scope.buildingGroupId);
  return or(eq(columns.buildingId, scope.buildingId), eq(columns.buildingGroupId, scope.buildingGroupId))!;
}

/** Only what the scope itself keeps (a building may not change its group's). */
export function keptBy(
  scope: KeeperScope,
  columns: { buildingId: PgColumn; buildingGroupId: PgColumn },
): SQL {
  return scope.kind === 'group'
    ? eq(columns.buildingGroupId, scope.buildingGroupId)
    : eq(columns.buildingId, scope.buildingId);
}

export const keeperColumns = (scope: KeeperScope) =>
  scope.kind === 'group'
    ? { buildingId: null, buildingGroupId: scope.buildingGroupId }
    : { buildingId: scope.buildingId, buildingGroupId: null };
