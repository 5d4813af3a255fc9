import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute, groupPagesRoute } from '../../../app/shell/building-route';

const buildingSettingsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'admin/building',
  component: lazyPage(() => import('./building-settings-page').then((m) => m.BuildingSettingsPage)),
});

const buildingUsersRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'admin/users',
  component: lazyPage(() => import('./building-users-page').then((m) => m.BuildingUsersPage)),
});

const groupSettingsRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'admin/building-group',
  component: lazyPage(() => import('./group-settings-page').then((m) => m.GroupSettingsPage)),
});

const groupUsersRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'admin/users',
  component: lazyPage(() => import('./group-users-page').then((m) => m.GroupUsersPage)),
});

export const adminRoutes = [buildingSettingsRoute, buildingUsersRoute];
export const adminGroupRoutes = [groupSettingsRoute, groupUsersRoute];
