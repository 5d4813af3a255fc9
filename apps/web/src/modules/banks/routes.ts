import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

export const bankInfoRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'banks/info/{-$bankUUID}',
  component: lazyPage(() => import('./banks-page').then((m) => m.BanksPage)),
});

export const bankRoutes = [bankInfoRoute];
