import type { BuildingModule } from '../../app/shell/building-modules';
import { reconciliationRoutes } from './routes';

/**
 * Bank reconciliation and statement import (DOMAIN 9) and the bank reports (issue 16): read by
 * those who may see reconciliations, written by finance writers.
 */
export const reconciliationModule: BuildingModule = {
  name: 'reconciliation',
  tabs: [
    {
      section: 'banks',
      path: 'banks/reconciliation',
      labelKey: 'reconciliationPages.tab',
      permission: 'banks.reconciliation.read',
    },
    {
      section: 'banks',
      path: 'banks/reports',
      labelKey: 'reconciliationPages.reports.tab',
      permission: 'banks.reconciliation.read',
    },
  ],
  routes: reconciliationRoutes,
};
