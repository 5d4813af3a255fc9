import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

const approvalRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'payments/approval',
  component: lazyPage(() => import('./approval-page').then((m) => m.ApprovalPage)),
});

export const payablesPaymentsRoutes = [approvalRoute];
