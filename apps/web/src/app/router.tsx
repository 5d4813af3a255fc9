import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from '../modules/auth';
import { authRoutes } from '../modules/auth';
import { billingRoutes } from '../modules/tenancy';
import { buildingModules } from '../modules/building-modules';
import { dashboardRoutes } from '../modules/tenancy';
import { systemRoutes } from '../modules/admin';
import { PageLoader } from '../ui/page-loader';
import { ErrorScreen } from './errors';
import { queryClient, whenSessionEnds } from './query-client';
import { rootRoute } from './root-route';
import { parseSearch, stringifySearch } from './search-params';
import { buildingPagesRoute, buildingRoute, groupPagesRoute, groupRoute } from './shell/building-route';
import { signedInRoute } from './signed-in-route';
import { isUpdateNeeded } from './update';

const routeTree = rootRoute.addChildren([
  ...authRoutes.public,
  ...systemRoutes.public,
  ...accountRoutes.public,
  ...dashboardRoutes.public,
  signedInRoute.addChildren([
    ...dashboardRoutes.signedIn,
    ...accountRoutes.signedIn,
    ...billingRoutes.signedIn,
    buildingRoute.addChildren([buildingPagesRoute.addChildren(buildingModules.flatMap((m) => m.routes))]),
    groupRoute.addChildren([
      groupPagesRoute.addChildren(buildingModules.flatMap((m) => m.groupRoutes ?? [])),
    ]),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  parseSearch,
  stringifySearch,
  defaultPreload: 'intent',
  // Queries cache the data; the router only decides where to go.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: ErrorScreen,
  defaultPendingComponent: PageLoader,
  scrollRestoration: true,
});

// SPEC 4: once a newer version is published, the next navigation is a full page load that fetches it.
router.subscribe('onBeforeNavigate', ({ toLocation, pathChanged }) => {
  if (isUpdateNeeded() && pathChanged) window.location.assign(toLocation.href);
});

whenSessionEnds(() => {
  const { pathname, href } = router.state.location;
  if (pathname !== '/signin') void router.navigate({ to: '/signin', search: { redirect: href } });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
