import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute, groupPagesRoute } from '../../../app/shell/building-route';

/** SPEC 2 posts: the list (the last 12 months, or every post with ?show=all). */
export const postsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'posts',
  validateSearch: (search: Record<string, unknown>): { show?: 'all' } =>
    search.show === 'all' ? { show: 'all' } : {},
  component: lazyPage(() => import('./posts-page').then((m) => m.PostsPage)),
});

export const newPostRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'posts/new',
  component: lazyPage(() => import('./post-form-page').then((m) => m.PostFormPage)),
});

export const postRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'posts/view/$postUUID',
  component: lazyPage(() => import('./post-page').then((m) => m.PostPage)),
});

/** SPEC 2 posts/templates: the building's templates (its group's shown beside them). */
export const postTemplatesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'posts/templates',
  component: lazyPage(() => import('./templates-page').then((m) => m.BuildingTemplatesPage)),
});

/** The building group's posts/templates. */
export const groupPostTemplatesRoute = createRoute({
  getParentRoute: () => groupPagesRoute,
  path: 'posts/templates',
  component: lazyPage(() => import('./templates-page').then((m) => m.GroupTemplatesPage)),
});
