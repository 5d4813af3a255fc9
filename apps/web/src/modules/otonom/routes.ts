import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

/** SPEC 2 payments/otonom: what the next files hold, the files sent, every payment and its status. */
export const otonomRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'payments/otonom',
  component: lazyPage(() => import('./otonom-page').then((m) => m.OtonomPage)),
});

export const otonomRoutes = [otonomRoute];
