import { useCallback, useMemo } from 'react';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  maxRegistryPageSize,
  personViewSchema,
  registryPageSchemas,
  registryReadSchemas,
  registryWriteSchemas,
  type PersonView,
  type RegistryCollectionName,
  type RegistryReadRecord,
  type RegistryWriteRecord,
} from '@copro/domain';
import { ApiError, api } from '../../app/api';
import { useBuildingShell } from '../../app/shell/building-context';
import type { PageAnswer, PageRequest, PagedSource } from '../../ui/paged-list';

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

const pageSchemaOf = <C extends RegistryCollection>(collection: C) =>
  registryPageSchemas[collection] as unknown as z.ZodType<PageAnswer<RegistryReadRecord<C>>>;

const pageUrl = (base: string, request: Partial<PageRequest>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  }
  return `${base}?${params.toString()}`;
};

/**
 * Every record of a collection, for what needs them all (pickers, the vote-share screen, the
 * ledger's account lists): read through the list's largest pages, all at once after the first.
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
    queryFn: async ({ signal }): Promise<RegistryReadRecord<C>[]> => {
      const base = collectionUrl(buildingRef, fiscalYear, collection);
      const response = pageSchemaOf(collection);
      const pageAt = (page: number) =>
        api(pageUrl(base, { page, pageSize: maxRegistryPageSize }), { response, signal });
      const first = await pageAt(1);
      const more = Math.ceil(first.total / maxRegistryPageSize) - 1;
      const rest = await Promise.all(Array.from({ length: Math.max(more, 0) }, (_, i) => pageAt(i + 2)));
      // A record added between two pages may push another onto the next one: each is kept once.
      const byUuid = new Map([first, ...rest].flatMap((answer) => answer.items).map((r) => [r.uuid, r]));
      return [...byUuid.values()];
    },
  });

/** The year's records of a collection, for the building and year the page shows. */
export function useRecords<C extends RegistryCollection>(collection: C, options: { enabled?: boolean } = {}) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery({
    ...recordsQuery(building.buildingRef, fiscalYear.startDate, collection),
    enabled: options.enabled ?? true,
  });
}

/** The start of the keys of a collection's list pages. */
const pagesKey = (ref: string, year: string, collection: RegistryCollection) =>
  ['building', ref, collection, year, 'pages'] as const;

/** A collection's list as its page shows it: a page at a time, searched, sorted and filtered by the server. */
export function useRecordPages<C extends RegistryCollection>(
  collection: C,
): PagedSource<RegistryReadRecord<C>> {
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useMemo(
    () => ({
      queryKey: pagesKey(ref, year, collection),
      fetchPage: (request, signal) =>
        api(pageUrl(collectionUrl(ref, year, collection), request), {
          response: pageSchemaOf(collection),
          signal,
        }),
    }),
    [ref, year, collection],
  );
}

/**
 * One record by its uuid, keyed under its collection (live events refresh it); null when the year
 * has none by that uuid, or none the reader may see.
 */
const recordQuery = <C extends RegistryCollection>(ref: string, year: string, collection: C, uuid: string) =>
  queryOptions({
    queryKey: ['building', ref, collection, year, 'record', uuid],
    queryFn: async ({ signal }): Promise<RegistryReadRecord<C> | null> => {
      try {
        return await api(`${collectionUrl(ref, year, collection)}/${uuid}`, {
          response: readSchemaOf(collection),
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The record a page shows beside its list. */
export function useRecord<C extends RegistryCollection>(collection: C, uuid: string | undefined) {
  const { building, fiscalYear } = useBuildingShell();
  return useQuery({
    ...recordQuery(building.buildingRef, fiscalYear.startDate, collection, uuid ?? ''),
    enabled: uuid !== undefined && uuid !== '',
  });
}

/** Records by uuid, each read on its own: the few a record names (a unit's people). */
export function useRecordsByUuid<C extends RegistryCollection>(collection: C, uuids: readonly string[]) {
  const { building, fiscalYear } = useBuildingShell();
  return useQueries({
    queries: uuids.map((uuid) => recordQuery(building.buildingRef, fiscalYear.startDate, collection, uuid)),
    combine: (results) => ({
      records: results.flatMap((result) => (result.data ? [result.data] : [])),
      pending: results.some((result) => result.isPending),
    }),
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

/**
 * Puts a saved record in the year's lists at once (every record, the pages that show it, the
 * record itself), so its page shows it before the lists refresh.
 */
export function useStoreRecord<C extends RegistryCollection>(collection: C) {
  const queryClient = useQueryClient();
  const { building, fiscalYear } = useBuildingShell();
  const ref = building.buildingRef;
  const year = fiscalYear.startDate;
  return useCallback(
    (saved: RegistryReadRecord<C>) => {
      const replace = (record: RegistryReadRecord<C>) => (record.uuid === saved.uuid ? saved : record);
      queryClient.setQueryData(recordsQuery(ref, year, collection).queryKey, (list) =>
        list === undefined
          ? list
          : list.some((record) => record.uuid === saved.uuid)
            ? list.map(replace)
            : [...list, saved],
      );
      queryClient.setQueriesData<PageAnswer<RegistryReadRecord<C>>>(
        { queryKey: pagesKey(ref, year, collection) },
        (page) => page && { ...page, items: page.items.map(replace) },
      );
      queryClient.setQueryData(recordQuery(ref, year, collection, saved.uuid).queryKey, saved);
    },
    [queryClient, ref, year, collection],
  );
}
