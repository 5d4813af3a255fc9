import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute, groupPagesRoute } from '../../../app/shell/building-route';

const AccountPage = lazyPage(() => import('./account-page').then((m) => m.AccountPage));

/** The same page as /account, inside the building shell. */
const buildingAccountRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'account',
  component: AccountPage,
});

/** The same page as /account, inside the building-group shell. */
const groupAccountRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'account',
  component: AccountPage,
});

export const accountShellRoutes = { building: [buildingAccountRoute], group: [groupAccountRoute] };
