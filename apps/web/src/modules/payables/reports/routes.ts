import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

const suppliersReportsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'suppliers/reports',
  component: lazyPage(() => import('./reports-pages').then((m) => m.SuppliersReportsPage)),
});

const paymentsReportsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'payments/reports',
  component: lazyPage(() => import('./reports-pages').then((m) => m.PaymentsReportsPage)),
});

export const payablesReportsRoutes = [suppliersReportsRoute, paymentsReportsRoute];
