import type { BuildingModule } from '../../../app/shell/building-modules';
import { invoicesRoutes } from './routes';

/**
 * Supplier invoices (SPEC 2 suppliers/invoices, DOMAIN 7): invoices and credit notes, their
 * billbacks and payments, and the recurring bills, read by every finance reader and entered by
 * finance writers. Usable on a phone: a board member checks an invoice before approving its payment.
 */
export const payablesInvoicesModule: BuildingModule = {
  name: 'payables-invoices',
  tabs: [
    {
      section: 'suppliers',
      path: 'suppliers/invoices',
      labelKey: 'invoicePages.tab',
      permission: 'finance.read',
    },
  ],
  routes: invoicesRoutes,
};
