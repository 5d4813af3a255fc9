import type { BuildingModule } from '../../../app/shell/building-modules';

/** Posts and post templates (SPEC 2 posts, posts/templates; group posts/templates). */
export const postsModule: BuildingModule = {
  name: 'posts',
  tabs: [],
  routes: [],
};
