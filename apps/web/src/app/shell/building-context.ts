import { createContext, useContext } from 'react';
import type { BuildingRole, BuildingView, Permission } from '@copro/domain';
import type { FiscalYearInfo } from '@copro/domain';

/** What every building page knows once the shell has loaded the building. */
export interface BuildingShell {
  building: BuildingView;
  role: BuildingRole;
  banned: boolean;
  permissions: readonly Permission[];
  /** Latest first. */
  fiscalYears: readonly FiscalYearInfo[];
  /** The year being viewed: the one in the address, else the latest. */
  fiscalYear: FiscalYearInfo;
  isLatestFiscalYear: boolean;
  /** SPEC 4: an archived year cannot be changed; pages hide or disable their writes. */
  readOnly: boolean;
  can: (permission: Permission) => boolean;
  /** The address of a page of this building in the year being viewed, e.g. href('admin/users'). */
  href: (path: string) => string;
}

export const BuildingShellContext = createContext<BuildingShell | null>(null);

/** The building shell's data, for pages below /building/{ref}/. */
export function useBuildingShell(): BuildingShell {
  const shell = useContext(BuildingShellContext);
  if (!shell) throw new Error('useBuildingShell is used outside the building shell');
  return shell;
}
