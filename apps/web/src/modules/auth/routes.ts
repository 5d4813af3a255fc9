import { createRoute, redirect } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { redirectSearch } from '../../app/redirect-target';
import { rootRoute } from '../../app/root-route';
import type { RouterContext } from '../../app/root-route';
import { meQuery } from '../../app/session';

/** Someone already signed in has nothing to do on the sign-in and sign-up pages. */
async function leaveIfSignedIn({
  context,
  search,
}: {
  context: RouterContext;
  search: { redirect?: string };
}): Promise<void> {
  const me = await context.queryClient.ensureQueryData(meQuery);
  if (me) throw redirect({ href: search.redirect ?? '/dashboard' });
}

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signin',
  validateSearch: redirectSearch,
  beforeLoad: leaveIfSignedIn,
  component: lazyPage(() => import('./signin-page').then((m) => m.SignInPage)),
});

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup',
  validateSearch: redirectSearch,
  beforeLoad: leaveIfSignedIn,
  component: lazyPage(() => import('./signup-page').then((m) => m.SignUpPage)),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  component: lazyPage(() => import('./reset-password-page').then((m) => m.ResetPasswordPage)),
});

export interface AuthActionSearch {
  mode?: string;
  token?: string;
}

/** Links in our mails: /_auth?mode=verifyEmail|resetPassword|acceptInvitation&token=… */
const authActionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '_auth',
  validateSearch: (search: Record<string, unknown>): AuthActionSearch => ({
    ...(typeof search.mode === 'string' ? { mode: search.mode } : {}),
    ...(typeof search.token === 'string' ? { token: search.token } : {}),
  }),
  component: lazyPage(() => import('./auth-action-page').then((m) => m.AuthActionPage)),
});

export const authRoutes = {
  public: [signInRoute, signUpRoute, resetPasswordRoute, authActionRoute] as const,
};
