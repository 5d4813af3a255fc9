import type { BuildingModule } from '../../app/shell/building-modules';
import { RequestsNavBadge } from './nav-badge';
import { groupRequestRoutes, requestRoutes } from './routes';

/** Requests, request emails, templates and tags (SPEC 2 requests/*; group requests/*). */
export const requestsModule: BuildingModule = {
  name: 'requests',
  tabs: [
    { section: 'requests', path: 'requests/all', labelKey: 'requests.tabs.all', permission: 'requests.view' },
    {
      section: 'requests',
      path: 'requests/templates',
      labelKey: 'requests.tabs.templates',
      permission: 'requests.emails.templates',
    },
    {
      section: 'requests',
      path: 'requests/tags',
      labelKey: 'requests.tabs.tags',
      permission: 'requests.tags',
    },
  ],
  routes: requestRoutes,
  groupTabs: [
    {
      section: 'requests',
      path: 'requests/all',
      labelKey: 'requests.tabs.all',
      permission: 'requests.handle',
    },
    {
      section: 'requests',
      path: 'requests/templates',
      labelKey: 'requests.tabs.templates',
      permission: 'requests.emails.templates',
    },
    {
      section: 'requests',
      path: 'requests/tags',
      labelKey: 'requests.tabs.tags',
      permission: 'requests.tags',
    },
  ],
  groupRoutes: groupRequestRoutes,
  navBadges: { requests: RequestsNavBadge },
};
