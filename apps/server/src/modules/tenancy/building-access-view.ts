import { permissionsOf, type BuildingAccessView, type BuildingRole } from '@copro/domain';
import type { DbOrTx } from '../../db/client';
import type { BuildingAccess, BuildingRow } from '../../platform/access';
import { buildingView, type FiscalYearRow } from './buildings';

/**
 * The views made from one cached building row and years list, per role and ban. Both come from
 * the request cache, which replaces them (new objects) when a row changes, so the same objects
 * mean the same view: the route answers it again, and its serializer writes it once
 * (platform/remembered-serializer.ts).
 */
const made = new WeakMap<
  BuildingRow,
  { years: readonly FiscalYearRow[]; views: Map<string, Promise<BuildingAccessView>> }
>();

/** GET /api/buildings/:ref: the building, the user's standing there, and its years (latest first). */
export function buildingAccessView(
  db: DbOrTx,
  access: BuildingAccess,
  role: BuildingRole,
  years: readonly FiscalYearRow[],
): Promise<BuildingAccessView> {
  let forRow = made.get(access.building);
  if (!forRow || forRow.years !== years) {
    forRow = { years, views: new Map() };
    made.set(access.building, forRow);
  }
  const key = `${role}:${access.banned}`;
  let view = forRow.views.get(key);
  if (!view) {
    const views = forRow.views;
    view = viewOf(db, access, role, years);
    views.set(key, view);
    // A failure is not kept: the next request tries again.
    view.catch(() => views.delete(key));
  }
  return view;
}

async function viewOf(
  db: DbOrTx,
  access: BuildingAccess,
  role: BuildingRole,
  years: readonly FiscalYearRow[],
): Promise<BuildingAccessView> {
  return Object.freeze({
    building: await buildingView(db, access.building, years),
    role,
    banned: access.banned,
    // What this user may do here: the web shows controls from it; the server still checks each call.
    permissions: permissionsOf({ role, banned: access.banned }, access.policy),
    fiscalYearList: [...years]
      .reverse()
      .map((y) => ({ startDate: y.startDate, endDate: y.endDate, archived: y.archived })),
  });
}
