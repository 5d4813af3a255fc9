import type { BuildingModule } from '../../app/shell/building-modules';
import { supplierRoutes } from './routes';

/** Suppliers: who the building buys from, each with its own ledger account (SPEC 2 suppliers/info). */
export const suppliersModule: BuildingModule = {
  name: 'suppliers',
  tabs: [
    { section: 'suppliers', path: 'suppliers/info', labelKey: 'suppliers.tab', permission: 'suppliers.read' },
  ],
  routes: supplierRoutes,
};
