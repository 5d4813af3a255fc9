import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { rootRoute } from '../../../app/root-route';
import { signedInRoute } from '../../../app/signed-in-route';

/** Password managers open this well-known address to change a password (SPEC 2). */
const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '.well-known/change-password',
  beforeLoad: (): void => {
    throw redirect({ to: '/account', replace: true });
  },
});

const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'account',
  component: lazyPage(() => import('./account-page').then((m) => m.AccountPage)),
});

export const accountRoutes = { public: [changePasswordRoute] as const, signedIn: [accountRoute] as const };
