import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/chunk-reload';
import { buildingPagesRoute } from '../../app/shell/building-route';

/**
 * SPEC 2 banks/reconciliation: the bank's periods, or one period (?period=uuid), whose tick list,
 * statement and imports are the page. The period is a search parameter so that the bank stays the
 * address's record, as on the other banks pages.
 */
export const reconciliationRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'banks/reconciliation/{-$bankUUID}',
  validateSearch: (search: Record<string, unknown>): { period?: string } =>
    typeof search.period === 'string' && search.period !== '' ? { period: search.period } : {},
  component: lazyPage(() => import('./reconciliation-page').then((m) => m.ReconciliationPage)),
});

/** SPEC 2 banks/reports: balances, reconciliation status and outstanding items. */
export const bankReportsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'banks/reports',
  component: lazyPage(() => import('./bank-reports-page').then((m) => m.BankReportsPage)),
});

export const reconciliationRoutes = [reconciliationRoute, bankReportsRoute];
