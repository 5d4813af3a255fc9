import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

/** The uuid segment of the admin pages that opens the creation form instead of a record. */
export const newRecord = 'new';

export const unitInfoRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'units/info/{-$unitUUID}',
  component: lazyPage(() => import('./unit-info-page').then((m) => m.UnitInfoPage)),
});

export const unitAdminRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'admin/units/{-$unitUUID}',
  component: lazyPage(() => import('./unit-admin-page').then((m) => m.UnitAdminPage)),
});

export const parkingAdminRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'admin/parkings/{-$parkingUUID}',
  component: lazyPage(() => import('./space-admin-pages').then((m) => m.ParkingAdminPage)),
});

export const lockerAdminRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'admin/lockers/{-$lockerUUID}',
  component: lazyPage(() => import('./space-admin-pages').then((m) => m.LockerAdminPage)),
});

const voteSharesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'admin/vote-shares',
  component: lazyPage(() => import('./vote-shares-page').then((m) => m.VoteSharesPage)),
});

export const unitsRoutes = [unitInfoRoute];
export const unitsAdminRoutes = [unitAdminRoute, parkingAdminRoute, lockerAdminRoute, voteSharesRoute];
