import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../../app/chunk-reload';
import { buildingPagesRoute } from '../../../app/shell/building-route';

/**
 * SPEC 2 `{type}/transactions/{uuid?}`: the uuid names one of the type's records, or a
 * transaction (the transaction link has the same shape); the page tells them apart.
 */
export const unitTransactionsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'units/transactions/{-$unitUUID}',
  component: lazyPage(() => import('./transactions-pages').then((m) => m.UnitTransactionsPage)),
});

export const supplierTransactionsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'suppliers/transactions/{-$supplierUUID}',
  component: lazyPage(() => import('./transactions-pages').then((m) => m.SupplierTransactionsPage)),
});

export const bankTransactionsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'banks/transactions/{-$bankUUID}',
  component: lazyPage(() => import('./transactions-pages').then((m) => m.BankTransactionsPage)),
});

export const categoryTransactionsRoute = createRoute({
  getParentRoute: () => buildingPagesRoute,
  path: 'categories/transactions/{-$categoryUUID}',
  component: lazyPage(() => import('./transactions-pages').then((m) => m.CategoryTransactionsPage)),
});

export const transactionsRoutes = [
  unitTransactionsRoute,
  supplierTransactionsRoute,
  bankTransactionsRoute,
  categoryTransactionsRoute,
];
