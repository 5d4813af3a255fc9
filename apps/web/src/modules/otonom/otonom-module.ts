import type { BuildingModule } from '../../app/shell/building-modules';
import { otonomRoutes } from './routes';

/**
 * Pre-authorized debits and electronic payments through the partner or the building's bank
 * (DOMAIN 8, SPEC 2 payments/otonom): read by finance readers, written by finance writers,
 * approved by approvers. Its tables are wide: a phone shows the shell's "use a wider window".
 */
export const otonomModule: BuildingModule = {
  name: 'otonom',
  tabs: [
    {
      section: 'payments',
      path: 'payments/otonom',
      labelKey: 'otonomPages.tab',
      permission: 'finance.read',
      desktopOnly: true,
    },
  ],
  routes: otonomRoutes,
};
