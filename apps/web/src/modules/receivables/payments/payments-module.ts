import type { BuildingModule } from '../../../app/shell/building-modules';
import { paymentsRoutes } from './routes';

/**
 * Payments (SPEC 2 payments/deposits, wire-transfers, checks; DOMAIN 4): money coming in, read by
 * every finance reader, written by finance writers. Recording checks is work for a computer
 * (SPEC 2: on a phone the payments entry leads elsewhere); deposits and transfers fit a phone.
 * Checks come first: on a computer the payments entry opens the first usable tab (SPEC 2).
 */
export const paymentsModule: BuildingModule = {
  name: 'payments',
  tabs: [
    {
      section: 'payments',
      path: 'payments/checks',
      labelKey: 'payments.tabs.checks',
      permission: 'finance.read',
      desktopOnly: true,
    },
    {
      section: 'payments',
      path: 'payments/deposits',
      labelKey: 'payments.tabs.deposits',
      permission: 'finance.read',
    },
    {
      section: 'payments',
      path: 'payments/wire-transfers',
      labelKey: 'payments.tabs.wireTransfers',
      permission: 'finance.read',
    },
  ],
  routes: paymentsRoutes,
};
