import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

export const categoryInfoRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/info/{-$categoryUUID}',
  component: lazyPage(() => import('./categories-page').then((m) => m.CategoriesPage)),
});

export const categoryRoutes = [categoryInfoRoute];
