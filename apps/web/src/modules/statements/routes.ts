import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

const financialStatementRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/financial-statement',
  component: lazyPage(() => import('./financial-statements-page').then((m) => m.FinancialStatementsPage)),
});

export const statementsRoutes = [financialStatementRoute];
