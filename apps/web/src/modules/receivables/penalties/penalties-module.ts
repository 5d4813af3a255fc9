import type { BuildingModule } from '../../../app/shell/building-modules';
import { ArrearsCard, ChecksAwaitingDepositCard, ReceivablesCard } from './receivables-cards';
import { penaltiesRoutes } from './routes';

/** Penalties and collections (SPEC 2 units/penalties; DOMAIN 5), and the receivables dashboard cards. */
export const penaltiesModule: BuildingModule = {
  name: 'penalties',
  tabs: [
    {
      section: 'units',
      path: 'units/penalties',
      labelKey: 'penaltiesPage.tab',
      permission: 'penalties.read',
    },
  ],
  routes: penaltiesRoutes,
  dashboardCards: [ReceivablesCard, ArrearsCard, ChecksAwaitingDepositCard],
};
