import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

export const supplierInfoRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'suppliers/info/{-$supplierUUID}',
  component: lazyPage(() => import('./suppliers-page').then((m) => m.SuppliersPage)),
});

export const supplierRoutes = [supplierInfoRoute];
