import type { BuildingModule } from '../../../app/shell/building-modules';
import { accountTypeTabs, accountTypes } from './account-types';
import { transactionsRoutes } from './routes';

/**
 * The ledger seen from its accounts: the transactions of a unit, supplier, bank or category, and
 * each transaction's own page (SPEC 2 `{type}/transactions`).
 */
export const transactionsModule: BuildingModule = {
  name: 'transactions',
  tabs: accountTypes.map((type) => ({
    ...accountTypeTabs[type],
    path: `${type}/transactions`,
    labelKey: 'transactions.tab',
  })),
  routes: transactionsRoutes,
};
