import { useState } from 'react';

/** Rows ticked in a paged list, by uuid, kept across pages and filters (a batch to act on). */
export function useSelection<T extends { uuid: string }>() {
  const [selected, setSelected] = useState<Map<string, T>>(new Map());
  return {
    items: [...selected.values()],
    has: (item: T) => selected.has(item.uuid),
    set: (item: T, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(item.uuid, item);
        else next.delete(item.uuid);
        return next;
      }),
    clear: () => setSelected(new Map()),
  };
}
