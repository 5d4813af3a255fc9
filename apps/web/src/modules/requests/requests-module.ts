import type { BuildingModule } from '../../app/shell/building-modules';

/** Requests, request emails, templates and tags (SPEC 2 requests/*; group requests/*). */
export const requestsModule: BuildingModule = {
  name: 'requests',
  tabs: [],
  routes: [],
};
