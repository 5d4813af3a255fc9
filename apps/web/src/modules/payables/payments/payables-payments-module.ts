import type { BuildingModule } from '../../../app/shell/building-modules';
import { ApprovalsCard, BillsDueCard } from '../dashboard/payables-cards';
import { payablesPaymentsRoutes } from './routes';

/**
 * Supplier payments and their approvals (SPEC 2 payments/approval, DOMAIN 7). The tab is not
 * desktop-only: board members approve from their phones, and on a phone the payments entry of
 * the navbar leads here (`phoneEntry`); on a computer it opens checks, the first tab.
 */
export const payablesPaymentsModule: BuildingModule = {
  name: 'payables-payments',
  tabs: [
    {
      section: 'payments',
      path: 'payments/approval',
      labelKey: 'paymentPages.tab',
      permission: 'approval.view',
      phoneEntry: true,
    },
  ],
  routes: payablesPaymentsRoutes,
  dashboardCards: [BillsDueCard, ApprovalsCard],
};
