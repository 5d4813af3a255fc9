import type { BuildingModule } from '../../../app/shell/building-modules';
import { adminGroupRoutes, adminRoutes } from './routes';

/** Administration: the building's settings and users, and the same for a building group. */
export const adminModule: BuildingModule = {
  name: 'admin',
  tabs: [
    {
      section: 'administration',
      path: 'admin/building',
      labelKey: 'admin.tabs.building',
      permission: 'building.edit',
    },
    {
      section: 'administration',
      path: 'admin/users',
      labelKey: 'admin.tabs.users',
      permission: 'users.view',
    },
  ],
  routes: adminRoutes,
  groupTabs: [
    {
      section: 'administration',
      path: 'admin/building-group',
      labelKey: 'admin.tabs.buildingGroup',
      permission: 'group.view',
    },
    {
      section: 'administration',
      path: 'admin/users',
      labelKey: 'admin.tabs.users',
      permission: 'building-group.users.view',
    },
  ],
  groupRoutes: adminGroupRoutes,
};
