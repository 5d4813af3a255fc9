import type { BuildingModule } from '../../app/shell/building-modules';
import { categoryRoutes } from './routes';

/** The chart of accounts: the building's categories (SPEC 2 categories/info). */
export const categoriesModule: BuildingModule = {
  name: 'categories',
  tabs: [
    {
      section: 'accounting',
      path: 'categories/info',
      labelKey: 'categories.tab',
      permission: 'categories.read',
    },
  ],
  routes: categoryRoutes,
};
