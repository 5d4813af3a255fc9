import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { building } from '../db/schema/index';
import { writeLogs, type LogInput } from './audit';

/**
 * Who keeps a shared record such as a template or a tag (SPEC 2: a building's, or its building
 * group's, offered in each of the group's buildings).
 */
export type Keeper = { kind: 'building'; buildingId: string } | { kind: 'group'; buildingGroupId: string };

/** The buildings a keeper's change reaches: the building, or every building of the group. */
export async function buildingsReached(db: DbOrTx, keeper: Keeper): Promise<string[]> {
  if (keeper.kind === 'building') return [keeper.buildingId];
  const rows = await db
    .select({ id: building.id })
    .from(building)
    .where(eq(building.buildingGroupId, keeper.buildingGroupId));
  return rows.map((r) => r.id);
}

/**
 * The activity log holds building entries only: a group's change is logged in each of its
 * buildings (its metadata names the group), in one insert. Answers the buildings reached.
 */
export async function logInEachBuilding(
  tx: DbOrTx,
  keeper: Keeper,
  entry: Omit<LogInput, 'buildingId'>,
): Promise<string[]> {
  const buildings = await buildingsReached(tx, keeper);
  const metadata =
    keeper.kind === 'group' ? { ...entry.metadata, buildingGroupId: keeper.buildingGroupId } : entry.metadata;
  await writeLogs(
    tx,
    buildings.map((buildingId) => ({ ...entry, buildingId, ...(metadata ? { metadata } : {}) })),
  );
  return buildings;
}
