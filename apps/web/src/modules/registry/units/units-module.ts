import type { BuildingModule } from '../../../app/shell/building-modules';
import { unitsAdminRoutes, unitsRoutes } from './routes';

/** Units: their information, for every role that reads units. */
export const unitsModule: BuildingModule = {
  name: 'units',
  tabs: [{ section: 'units', path: 'units/info', labelKey: 'units.tabs.info', permission: 'units.read' }],
  routes: unitsRoutes,
};

/**
 * The registry of units, parkings and lockers, and the vote shares, for managers. Listed after the
 * administration module so its tabs follow the building's settings and users, in SPEC 2 order.
 */
export const unitsAdminModule: BuildingModule = {
  name: 'units-admin',
  tabs: [
    {
      section: 'administration',
      path: 'admin/units',
      labelKey: 'units.tabs.admin',
      permission: 'finance.write',
    },
    {
      section: 'administration',
      path: 'admin/lockers',
      labelKey: 'lockers.tab',
      permission: 'finance.write',
    },
    {
      section: 'administration',
      path: 'admin/parkings',
      labelKey: 'parkings.tab',
      permission: 'finance.write',
    },
    {
      section: 'administration',
      path: 'admin/vote-shares',
      labelKey: 'voteShares.tab',
      permission: 'vote-shares.edit',
      flag: 'voteShareEditing',
    },
  ],
  routes: unitsAdminRoutes,
};
