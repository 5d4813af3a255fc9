import type { BuildingModule } from '../../../app/shell/building-modules';
import { budgetRoutes } from './routes';

/**
 * The year's budget (SPEC 2 categories/budget, DOMAIN 3): contributions and budgeted expenses,
 * previewed member by member, then applied to bill the monthly fees. Owners read the applied one:
 * it sets what they pay.
 */
export const budgetModule: BuildingModule = {
  name: 'budget',
  tabs: [
    {
      section: 'accounting',
      path: 'categories/budget',
      labelKey: 'budget.tab',
      permission: 'budgets.view',
    },
  ],
  routes: budgetRoutes,
};
