import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

const penaltiesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'units/penalties',
  component: lazyPage(() => import('./penalties-page').then((m) => m.PenaltiesPage)),
});

export const penaltiesRoutes = [penaltiesRoute];
