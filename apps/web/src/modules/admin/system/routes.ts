import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { rootRoute } from '../../../app/root-route';

const versionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'version',
  component: lazyPage(() => import('./version-page').then((m) => m.VersionPage)),
});

const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'demo/mailbox',
  component: lazyPage(() => import('./mailbox-page').then((m) => m.MailboxPage)),
});

export const systemRoutes = { public: [versionRoute, mailboxRoute] as const };
