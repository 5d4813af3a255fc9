import type { BuildingModule } from '../../../app/shell/building-modules';
import { fiscalYearRoutes } from './routes';

/**
 * Fiscal years (SPEC 2 categories/fiscal-year): every finance reader sees the list, finance
 * writers start, archive and re-date years. Not blocked while a year is being created: this is
 * where the wait is shown.
 */
export const fiscalYearsModule: BuildingModule = {
  name: 'fiscal-years',
  tabs: [
    {
      section: 'accounting',
      path: 'categories/fiscal-year',
      labelKey: 'fiscalYears.tab',
      permission: 'finance.read',
    },
  ],
  routes: fiscalYearRoutes,
};
