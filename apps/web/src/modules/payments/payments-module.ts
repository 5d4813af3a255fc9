import type { BuildingModule } from '../../app/shell/building-modules';

/** Payments (SPEC 2 payments/deposits, wire-transfers, checks; DOMAIN 4). */
export const paymentsModule: BuildingModule = {
  name: 'payments',
  tabs: [],
  routes: [],
};
