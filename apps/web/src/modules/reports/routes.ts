import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

const unitsReportsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'units/reports',
  component: lazyPage(() => import('./reports-pages').then((m) => m.UnitsReportsPage)),
});

const peopleReportsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'people/reports',
  component: lazyPage(() => import('./reports-pages').then((m) => m.PeopleReportsPage)),
});

export const registryReportsRoutes = [unitsReportsRoute, peopleReportsRoute];
