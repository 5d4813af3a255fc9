import type { BuildingModule } from '../../app/shell/building-modules';

/** Penalties and collections (SPEC 2 units/penalties; DOMAIN 5), and the receivables dashboard cards. */
export const penaltiesModule: BuildingModule = {
  name: 'penalties',
  tabs: [],
  routes: [],
};
