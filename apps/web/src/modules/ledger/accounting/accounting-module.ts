import type { BuildingModule } from '../../../app/shell/building-modules';
import { accountingRoutes } from './routes';

/**
 * The ledger entered by hand and read back: accountant writings (SPEC 2), bank entries (DOMAIN 9)
 * and the trial balance with its journal (DOMAIN 10). Writing is kept off while a fiscal year is
 * being created, since the entry would land in a year about to change.
 */
export const accountingModule: BuildingModule = {
  name: 'accounting',
  tabs: [
    {
      section: 'banks',
      path: 'banks/entries',
      labelKey: 'accounting.tabs.bankEntries',
      permission: 'finance.write',
      blockedWhileCreatingFiscalYear: true,
    },
    {
      section: 'accounting',
      path: 'categories/accountant-writings',
      labelKey: 'accounting.tabs.writings',
      permission: 'finance.write',
      blockedWhileCreatingFiscalYear: true,
    },
    {
      section: 'accounting',
      path: 'categories/reports',
      labelKey: 'accounting.tabs.reports',
      permission: 'reports',
    },
  ],
  routes: accountingRoutes,
};
