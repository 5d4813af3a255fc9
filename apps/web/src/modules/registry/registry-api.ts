import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  personViewSchema,
  registryReadSchemas,
  registryWriteSchemas,
  type PersonView,
  type RegistryCollectionName,
  type RegistryReadRecord,
  type RegistryWriteRecord,
} from '@copro/domain';
import { api } from '../../app/api';
import { useBuildingShell } from '../../app/shell/building-context';

/** The registry collections the API serves per fiscal year (SPEC 3 "Collections per building"). */
export type RegistryCollection = RegistryCollectionName;

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

// A collection's own entry of the map: its output is the collection's record by definition, which
// TypeScript cannot see through a type parameter.
const readSchemaOf = <C extends RegistryCollection>(collection: C) =>
  registryReadSchemas[collection] as unknown as z.ZodType<RegistryReadRecord<C>>;
const writeSchemaOf = <C extends RegistryCollection>(collection: C) =>
  registryWriteSchemas[collection] as unknown as z.ZodType<RegistryWriteRecord<C>>;

/** A saved record: the whole record, which is also what the collection's lists hold. */
export type SavedRecord<C extends RegistryCollection> = RegistryWriteRecord<C> & RegistryReadRecord<C>;

/**
 * Keyed ['building', ref, collection, year]: live events for the collection refresh every year's
 * list. Each collection's records are typed by the schema its routes answer with.
 */
export const recordsQuery = <C extends RegistryCollection>(
  buildingRef: string,
  fiscalYear: string,
  collection: C,
) =>
  queryOptions({
    queryKey: ['building', buildingRef, collection, fiscalYear],
    queryFn: ({ signal }): Promise<RegistryReadRecord<C>[]> =>
      api(collectionUrl(buildingRef, fiscalYear, collection), {
        response: readSchemaOf(collection).array(),
        signal,
      }),
  });

/** The year's records of a collection, for the building and year the page shows. */
export function useRecords<C extends RegistryCollection>(collection: C, options: { enabled?: boolean } = {}) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery({
    ...recordsQuery(building.buildingRef, fiscalYear.startDate, collection),
    enabled: options.enabled ?? true,
  });
}

/**
 * The person records that carry the signed-in user's email, in full: what they read and edit of
 * their own (DOMAIN 6), whatever the directory shows others of them.
 */
export function useOwnPeople() {
  const { building, fiscalYear } = useBuildingShell();
  const url = `${collectionUrl(building.buildingRef, fiscalYear.startDate, 'people')}/mine`;
  return useQuery({
    queryKey: ['building', building.buildingRef, 'people', fiscalYear.startDate, 'mine'],
    queryFn: ({ signal }): Promise<PersonView[]> => api(url, { response: personViewSchema.array(), signal }),
  });
}

type Write =
  | { kind: 'create'; body: unknown }
  | { kind: 'edit'; uuid: string; body: unknown }
  | { kind: 'self'; uuid: string; body: unknown }
  | { kind: 'archive'; uuid: string; archived: boolean };

/**
 * Create, edit, self-edit and archive for one collection. The answer is the saved record, in full
 * (only managers and the person themself write); the list refreshes from the live event, and at
 * once here for this user.
 */
export function useRecordWrite<C extends RegistryCollection>(collection: C) {
  const { building, fiscalYear } = useBuildingShell();
  const queryClient = useQueryClient();
  const base = collectionUrl(building.buildingRef, fiscalYear.startDate, collection);
  // Every write answers the whole record, which a list of the collection holds too.
  const response = writeSchemaOf(collection) as z.ZodType<SavedRecord<C>>;
  return useMutation({
    mutationFn: (write: Write): Promise<SavedRecord<C>> => {
      switch (write.kind) {
        case 'create':
          return api(base, { method: 'POST', body: write.body, response });
        case 'edit':
          return api(`${base}/${write.uuid}`, { method: 'PUT', body: write.body, response });
        case 'self':
          return api(`${base}/${write.uuid}/self`, { method: 'PUT', body: write.body, response });
        case 'archive':
          return api(`${base}/${write.uuid}/archive`, {
            method: 'POST',
            body: { archived: write.archived },
            response,
          });
      }
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['building', building.buildingRef, collection] }),
  });
}

/** Puts a saved record in the year's list at once, so its page shows it before the list refreshes. */
export function useStoreRecord<C extends RegistryCollection>(collection: C) {
  const queryClient = useQueryClient();
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useCallback(
    (saved: RegistryReadRecord<C>) =>
      queryClient.setQueryData(recordsQuery(ref, year, collection).queryKey, (list) =>
        list === undefined
          ? list
          : list.some((record) => record.uuid === saved.uuid)
            ? list.map((record) => (record.uuid === saved.uuid ? saved : record))
            : [...list, saved],
      ),
    [queryClient, ref, year, collection],
  );
}
