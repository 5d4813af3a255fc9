import type { BuildingModule } from '../../../app/shell/building-modules';
import { groupPostTemplatesRoute, newPostRoute, postRoute, postsRoute, postTemplatesRoute } from './routes';

/** Posts and post templates (SPEC 2 posts, posts/templates; group posts/templates). */
export const postsModule: BuildingModule = {
  name: 'posts',
  tabs: [
    { section: 'communications', path: 'posts', labelKey: 'posts.tab', permission: 'posts.view' },
    {
      section: 'communications',
      path: 'posts/templates',
      labelKey: 'posts.templatesTab',
      permission: 'posts.templates',
    },
  ],
  routes: [postsRoute, newPostRoute, postRoute, postTemplatesRoute],
  groupTabs: [
    {
      section: 'communications',
      path: 'posts/templates',
      labelKey: 'posts.templatesTab',
      permission: 'posts.templates',
    },
  ],
  groupRoutes: [groupPostTemplatesRoute],
};
