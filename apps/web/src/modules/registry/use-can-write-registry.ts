import { useBuildingShell } from '../../app/shell/building-context';

/** Managers write the registry, except in an archived fiscal year (SPEC 4). */
export function useCanWriteRegistry(): boolean {
  const { can, readOnly } = useBuildingShell();
  return can('finance.write') && !readOnly;
}
