import type { BuildingModule } from '../../../app/shell/building-modules';
import { payablesReportsRoutes } from './routes';

/** Payables reports (issue 15): the suppliers' and the payments' report tabs, as pages, PDF, XLSX and CSV. */
export const payablesReportsModule: BuildingModule = {
  name: 'payables-reports',
  tabs: [
    {
      section: 'suppliers',
      path: 'suppliers/reports',
      labelKey: 'payablesReports.tab',
      permission: 'reports',
    },
    { section: 'payments', path: 'payments/reports', labelKey: 'payablesReports.tab', permission: 'reports' },
  ],
  routes: payablesReportsRoutes,
};
