import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

const depositsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'payments/deposits',
  component: lazyPage(() => import('./deposits-page').then((m) => m.DepositsPage)),
});

const wireTransfersRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'payments/wire-transfers',
  component: lazyPage(() => import('./wire-transfers-page').then((m) => m.WireTransfersPage)),
});

const checksRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'payments/checks',
  component: lazyPage(() => import('./checks-page').then((m) => m.ChecksPage)),
});

export const paymentsRoutes = [depositsRoute, wireTransfersRoute, checksRoute];
