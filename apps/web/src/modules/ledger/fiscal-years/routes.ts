import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

/** The shell knows this address too: it keeps the forced new-year dialog off this page. */
export const fiscalYearsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/fiscal-year',
  component: lazyPage(() => import('./fiscal-years-page').then((m) => m.FiscalYearsPage)),
});

export const fiscalYearRoutes = [fiscalYearsRoute];
