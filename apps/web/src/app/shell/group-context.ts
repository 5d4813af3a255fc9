import { createContext, useContext } from 'react';
import type { GroupPermission } from '@copro/domain';
import type { BuildingGroupView } from '@copro/domain';

/** What every building-group page knows once the shell has loaded the group. */
export interface GroupShell {
  group: BuildingGroupView;
  can: (permission: GroupPermission) => boolean;
  /** The address of a page of this group, e.g. href('admin/users'). */
  href: (path: string) => string;
}

export const GroupShellContext = createContext<GroupShell | null>(null);

/** The group shell's data, for pages below /building-group/{id}/. */
export function useGroupShell(): GroupShell {
  const shell = useContext(GroupShellContext);
  if (!shell) throw new Error('useGroupShell is used outside the building-group shell');
  return shell;
}
