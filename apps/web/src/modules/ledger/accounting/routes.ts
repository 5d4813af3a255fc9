import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

const accountantWritingsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/accountant-writings',
  component: lazyPage(() => import('./accountant-writings-page').then((m) => m.AccountantWritingsPage)),
});

const bankEntriesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'banks/entries',
  component: lazyPage(() => import('./bank-entries-page').then((m) => m.BankEntriesPage)),
});

const accountingReportsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/reports',
  component: lazyPage(() => import('./trial-balance-page').then((m) => m.TrialBalancePage)),
});

export const accountingRoutes = [accountantWritingsRoute, bankEntriesRoute, accountingReportsRoute];
