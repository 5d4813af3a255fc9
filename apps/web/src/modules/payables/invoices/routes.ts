import { createRoute } from '@tanstack/react-router';
import { invoiceListFilters } from '@copro/domain';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

export const invoicesRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'suppliers/invoices/{-$supplierUUID}',
  // ?status=unpaid (the dashboard's "bills to pay" link) opens the list on that filter.
  validateSearch: (search: Record<string, unknown>): { status?: (typeof invoiceListFilters)[number] } => {
    const status = invoiceListFilters.find((filter) => filter === search.status);
    return status ? { status } : {};
  },
  component: lazyPage(() => import('./invoices-page').then((m) => m.InvoicesPage)),
});

export const invoicesRoutes = [invoicesRoute];
