import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute, groupPagesRoute } from '../../../app/shell/building-route';

const BuildingDashboardPage = lazyPage(() =>
  import('./building-dashboard-page').then((m) => m.BuildingDashboardPage),
);

/** SPEC 2: dashboard is also the building's index. */
const indexRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: '/',
  component: BuildingDashboardPage,
});

const dashboardRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'dashboard',
  component: BuildingDashboardPage,
});

/** A group's index lists its buildings. */
const groupIndexRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: '/',
  component: lazyPage(() => import('./group-dashboard-page').then((m) => m.GroupDashboardPage)),
});

export const buildingDashboardRoutes = [indexRoute, dashboardRoute];
export const groupDashboardRoutes = [groupIndexRoute];
