import type { BuildingModule } from '../app/shell/building-modules';
import { accountModule } from './account/account-module';
import { adminModule } from './admin/admin-module';
import { buildingDashboardModule } from './building-dashboard/building-dashboard-module';

/**
 * THE list of the areas that live in the building shell: each brings its tabs, its building and
 * group routes and its dashboard cards (shown in this order). An area not listed here does not
 * exist for the shell: no navbar entry, no tab, and its addresses answer "page not found".
 */
export const buildingModules: BuildingModule[] = [
  buildingDashboardModule,
  // Areas, in navbar order: units, people, suppliers, payments, banks, accounting,
  // communications, requests, files, administration.
  adminModule,
  accountModule,
];
