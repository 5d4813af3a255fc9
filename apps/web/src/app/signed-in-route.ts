import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from './chunk-reload';
import { rootRoute } from './root-route';
import { meQuery } from './session';

/** The parent of every page that needs a session: signed-out visitors go to sign in, then come back. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  // The explicit return type breaks the type cycle between this route and the router it belongs to.
  beforeLoad: async ({ context, location }): Promise<void> => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (!me) throw redirect({ to: '/signin', search: { redirect: location.href } });
  },
  component: lazyPage(() => import('./shell/signed-in-layout').then((m) => m.SignedInLayout)),
});
