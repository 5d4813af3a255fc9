import type { BuildingModule } from '../../../app/shell/building-modules';
import { buildingDashboardRoutes, groupDashboardRoutes } from './routes';

/** The building's home page and the group's list of buildings. */
export const buildingDashboardModule: BuildingModule = {
  name: 'dashboard',
  tabs: [{ section: 'dashboard', path: 'dashboard', labelKey: 'shell.tabs.dashboard' }],
  routes: buildingDashboardRoutes,
  groupRoutes: groupDashboardRoutes,
};
