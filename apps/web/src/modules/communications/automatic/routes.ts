import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

/** SPEC 2 posts/reminders: the automatic communications and the automatic mails' templates. */
export const automaticMailsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'posts/reminders',
  component: lazyPage(() => import('./automatic-page').then((m) => m.AutomaticMailsPage)),
});
