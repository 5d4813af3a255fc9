import { buildingToday } from '@copro/domain';
import { useBuildingShell } from './building-context';

/**
 * The building's today (DESIGN 3): its date in its own time zone, as the server counts it, not the
 * browser's. Every date a building page defaults to or compares with starts from this.
 */
export function useBuildingToday(): string {
  const { building } = useBuildingShell();
  return buildingToday(building, new Date());
}
