import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { rootRoute } from '../../../app/root-route';
import { signedInRoute } from '../../../app/signed-in-route';

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: (): void => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'dashboard',
  component: lazyPage(() => import('./dashboard-page').then((m) => m.DashboardPage)),
});

export const dashboardRoutes = { public: [indexRoute] as const, signedIn: [dashboardRoute] as const };
