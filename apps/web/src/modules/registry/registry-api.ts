import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api';
import { useBuildingShell } from '../../app/shell/building-context';

/** The registry collections the API serves per fiscal year (SPEC 3 "Collections per building"). */
export type RegistryCollection =
  'units' | 'people' | 'parkings' | 'lockers' | 'suppliers' | 'banks' | 'categories';

/**
 * The collections with a list-and-card page (people, suppliers, banks, categories). Each names
 * its catalog section too, where the same keys give the words for its kind of record.
 */
export type RecordNamespace = Extract<RegistryCollection, 'people' | 'suppliers' | 'banks' | 'categories'>;

export const collectionUrl = (
  buildingRef: string,
  fiscalYear: string,
  collection: RegistryCollection,
): string => `/api/buildings/${encodeURIComponent(buildingRef)}/fiscal-years/${fiscalYear}/${collection}`;

/** Keyed ['building', ref, collection, year]: live events for the collection refresh every year's list. */
export const recordsQuery = <T>(buildingRef: string, fiscalYear: string, collection: RegistryCollection) =>
  queryOptions({
    queryKey: ['building', buildingRef, collection, fiscalYear],
    queryFn: ({ signal }) => api<T[]>(collectionUrl(buildingRef, fiscalYear, collection), { signal }),
  });

/** The year's records of a collection, for the building and year the page shows. */
export function useRecords<T>(collection: RegistryCollection, options: { enabled?: boolean } = {}) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery({
    ...recordsQuery<T>(building.buildingRef, fiscalYear.startDate, collection),
    enabled: options.enabled ?? true,
  });
}

type Write =
  | { kind: 'create'; body: unknown }
  | { kind: 'edit'; uuid: string; body: unknown }
  | { kind: 'self'; uuid: string; body: unknown }
  | { kind: 'archive'; uuid: string; archived: boolean };

/**
 * Create, edit, self-edit and archive for one collection. The answer is the saved record; the
 * list refreshes from the live event, and at once here for this user.
 */
export function useRecordWrite<T extends { uuid: string }>(collection: RegistryCollection) {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const base = collectionUrl(building.buildingRef, fiscalYear.startDate, collection);
  return useMutation({
    mutationFn: (write: Write) => {
      switch (write.kind) {
        case 'create':
          return api<T>(base, { method: 'POST', body: write.body });
        case 'edit':
          return api<T>(`${base}/${write.uuid}`, { method: 'PUT', body: write.body });
        case 'self':
          return api<T>(`${base}/${write.uuid}/self`, { method: 'PUT', body: write.body });
        case 'archive':
          return api<T>(`${base}/${write.uuid}/archive`, {
            method: 'POST',
            body: { archived: write.archived },
          });
      }
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['building', building.buildingRef, collection] }),
  });
}

/** Puts a saved record in the year's list at once, so its page shows it before the list refreshes. */
export function useStoreRecord<T extends { uuid: string }>(collection: RegistryCollection) {
  const queryClient = useQueryClient();
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useCallback(
    (saved: T) =>
      queryClient.setQueryData(recordsQuery<T>(ref, year, collection).queryKey, (list) =>
        list === undefined
          ? list
          : list.some((record) => record.uuid === saved.uuid)
            ? list.map((record) => (record.uuid === saved.uuid ? saved : record))
            : [...list, saved],
      ),
    [queryClient, ref, year, collection],
  );
}
