import { describe, expect, it } from 'vitest';
import { noOrderFilters } from './order-filters';
import { orderKey, ordersKey, otonomKey, overviewKey, settingsKey } from './query-keys';

describe('otonom query keys', () => {
  it('follow the live collection of the orders', () => {
    expect(otonomKey('parc12')).toEqual(['building', 'parc12', 'padOrders']);
  });

  it('all sit under the area’s key, so one invalidation after a write reads everything again', () => {
    const prefix = otonomKey('parc12');
    for (const key of [
      overviewKey('parc12'),
      settingsKey('parc12'),
      ordersKey('parc12', noOrderFilters),
      orderKey('parc12', 'u'),
    ])
      expect(key.slice(0, prefix.length)).toEqual([...prefix]);
  });

  it('keeps one page of the table per filters', () => {
    expect(ordersKey('parc12', noOrderFilters)).not.toEqual(
      ordersKey('parc12', { ...noOrderFilters, page: 2 }),
    );
  });
});
