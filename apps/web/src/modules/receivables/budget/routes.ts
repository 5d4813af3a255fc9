import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

const budgetRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/budget',
  component: lazyPage(() => import('./budget-page').then((m) => m.BudgetPage)),
});

export const budgetRoutes = [budgetRoute];
