import type { OrderFilters } from './order-filters';

/**
 * The page's query keys, under the live collection the server announces order changes in
 * (`padOrders`): a status moved by another manager, the monthly run or the partner's answer
 * refreshes the summary, the files and the table. After a write, everything under `otonomKey`
 * is read again.
 */
export const otonomKey = (buildingRef: string) => ['building', buildingRef, 'padOrders'] as const;

export const overviewKey = (buildingRef: string) => [...otonomKey(buildingRef), 'overview'] as const;

export const settingsKey = (buildingRef: string) => [...otonomKey(buildingRef), 'settings'] as const;

export const ordersKey = (buildingRef: string, filters: OrderFilters) =>
  [...otonomKey(buildingRef), 'orders', filters] as const;

export const orderKey = (buildingRef: string, uuid: string) =>
  [...otonomKey(buildingRef), 'order', uuid] as const;
