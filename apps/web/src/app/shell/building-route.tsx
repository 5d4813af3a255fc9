import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../chunk-reload';
import { signedInRoute } from '../signed-in-route';
import { isFiscalYearParam } from './building-paths';
import { billingStatusQuery, buildingQuery } from './building-query';
import { PageNotFound } from './shell-not-found';

/**
 * The building shell: /building/{buildingRef}/{fiscalYear?}/… (SPEC 2). The layout loads the
 * building and draws the navbar, the tab bar and the dialogs around every building page.
 */
export const buildingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'building/$buildingRef',
  // The layout's first questions, asked while its code comes (and on a link's hover), in its own
  // order (SPEC 4): the building only once its billing is known not to be unpaid. Not awaited: the
  // layout shows their progress and errors itself.
  loader: ({ context: { queryClient }, params: { buildingRef } }): void => {
    void queryClient
      .ensureQueryData(billingStatusQuery(buildingRef))
      .then(async (billing) => {
        if (billing.status !== 'unpaid') await queryClient.prefetchQuery(buildingQuery(buildingRef));
      })
      .catch(() => undefined);
  },
  component: lazyPage(() => import('./building-layout').then((m) => m.BuildingLayout)),
  // Unknown addresses below a building keep the shell around the message.
  notFoundComponent: PageNotFound,
});

/**
 * The parent of every area's building pages. The optional first segment is the fiscal year's
 * start date; anything that is not a date is not a year (so /building/x/dashboard is the
 * dashboard of the latest year). Absent, the latest year is shown.
 */
export const buildingPagesRoute = createRoute({
  getParentRoute: () => buildingRoute,
  path: '{-$fiscalYear}',
  params: {
    // Returning false makes the router try the address without a fiscal year.
    parse: ({ fiscalYear }): { fiscalYear?: string } | false =>
      fiscalYear === undefined ? {} : isFiscalYearParam(fiscalYear) ? { fiscalYear } : false,
  },
  notFoundComponent: PageNotFound,
});

/** The building-group shell: /building-group/{buildingGroupId}/… */
export const groupRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'building-group/$buildingGroupId',
  component: lazyPage(() => import('./group-layout').then((m) => m.GroupLayout)),
  notFoundComponent: PageNotFound,
});

/** The parent of every area's building-group pages. */
export const groupPagesRoute = createRoute({
  getParentRoute: () => groupRoute,
  id: 'group-pages',
  notFoundComponent: PageNotFound,
});
