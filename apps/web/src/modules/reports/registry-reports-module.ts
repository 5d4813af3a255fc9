import type { BuildingModule } from '../../app/shell/building-modules';
import { registryReportsRoutes } from './routes';

/** Registry reports: roster, contacts, insurance and water heaters, as a page, PDF and spreadsheets. */
export const registryReportsModule: BuildingModule = {
  name: 'registry-reports',
  tabs: [
    { section: 'units', path: 'units/reports', labelKey: 'reports.tab', permission: 'reports' },
    { section: 'people', path: 'people/reports', labelKey: 'reports.tab', permission: 'reports' },
  ],
  routes: registryReportsRoutes,
};
