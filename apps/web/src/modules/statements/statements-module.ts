import type { BuildingModule } from '../../app/shell/building-modules';
import { statementsRoutes } from './routes';

/**
 * The financial statements (DOMAIN 10, 12): balance sheet, income statement, cash flow, trial
 * balance, general ledger and funds, per fund or all; and the board package.
 */
export const statementsModule: BuildingModule = {
  name: 'statements',
  tabs: [
    {
      section: 'accounting',
      path: 'categories/financial-statement',
      labelKey: 'statementsPage.tab',
      permission: 'categories.read',
    },
  ],
  routes: statementsRoutes,
};
