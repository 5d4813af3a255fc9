import type { BuildingModule } from '../../app/shell/building-modules';
import { bankRoutes } from './routes';

/** Bank accounts: each with its own ledger account and starting balance (SPEC 2 banks/info). */
export const banksModule: BuildingModule = {
  name: 'banks',
  tabs: [{ section: 'banks', path: 'banks/info', labelKey: 'banks.tab', permission: 'banks.read' }],
  routes: bankRoutes,
};
