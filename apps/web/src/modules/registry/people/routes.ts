import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

export const personInfoRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'people/info/{-$personUUID}',
  component: lazyPage(() => import('./people-page').then((m) => m.PeoplePage)),
});

export const peopleRoutes = [personInfoRoute];
