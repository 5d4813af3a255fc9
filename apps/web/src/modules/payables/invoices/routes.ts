import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

export const invoicesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'suppliers/invoices/{-$supplierUUID}',
  component: lazyPage(() => import('./invoices-page').then((m) => m.InvoicesPage)),
});

export const invoicesRoutes = [invoicesRoute];
