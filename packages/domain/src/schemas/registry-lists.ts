import { z } from 'zod';
import { categoryParents } from './accounts';
import { limits } from './common';
import { registryReadSchemas, type RegistryCollectionName } from './registry-records';

/**
 * Registry lists are read a page at a time (issue 14): the server searches, filters, sorts and
 * counts, and answers one page with the totals, so a list of a thousand units costs what its
 * visible rows cost.
 */

/** The largest page: what a picker that needs every record asks for, a few pages for a big building. */
export const maxRegistryPageSize = 500;
export const defaultRegistryPageSize = 100;

/** How each list sorts; the first is the default. The web's sort keys are these. */
export const registryListSorts = {
  units: ['number', 'floor', 'voteShare'],
  parkings: ['number', 'voteShare'],
  lockers: ['number', 'voteShare'],
  people: ['lastName', 'firstName'],
  suppliers: ['name', 'aid'],
  banks: ['name', 'aid'],
  categories: ['name', 'aid'],
} as const satisfies Record<RegistryCollectionName, readonly [string, ...string[]]>;

/**
 * The filters of each list (SPEC 2 registry pages): units without an owner or whose insurance is
 * to check, parkings and lockers free or held by a unit, categories by their parent account.
 */
export const registryListFilters = {
  units: ['noOwner', 'insurance'],
  parkings: ['free', 'assigned'],
  lockers: ['free', 'assigned'],
  people: [],
  suppliers: [],
  banks: [],
  categories: categoryParents,
} as const satisfies Record<RegistryCollectionName, readonly string[]>;

export type RegistryListSort<C extends RegistryCollectionName> = (typeof registryListSorts)[C][number];
export type RegistryListFilter<C extends RegistryCollectionName> = (typeof registryListFilters)[C][number];

const listQueryOf = <C extends RegistryCollectionName>(collection: C) => {
  const sorts = registryListSorts[collection];
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxRegistryPageSize).default(defaultRegistryPageSize),
    /** Words found in the record's number, names, emails, phones…, whatever their case or accents. */
    q: z.string().trim().max(limits.name).default(''),
    sort: z.enum(sorts as (typeof registryListSorts)[C]).default(sorts[0] as RegistryListSort<C>),
    filter: z.enum(registryListFilters[collection] as (typeof registryListFilters)[C]).optional(),
    /** Leave the archived records out (the list's "show archived" switch is off). */
    liveOnly: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  });
};

/** The query of each collection's list route. */
export const registryListQuerySchemas = {
  units: listQueryOf('units'),
  parkings: listQueryOf('parkings'),
  lockers: listQueryOf('lockers'),
  people: listQueryOf('people'),
  suppliers: listQueryOf('suppliers'),
  banks: listQueryOf('banks'),
  categories: listQueryOf('categories'),
} as const;
export type RegistryListQuery<C extends RegistryCollectionName> = z.output<
  (typeof registryListQuerySchemas)[C]
>;
/** The query as the web sends it (strings and defaults left out). */
export type RegistryListParams<C extends RegistryCollectionName> = z.input<
  (typeof registryListQuerySchemas)[C]
>;

const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({
    items: z.array(record),
    /** The records that match the search and filter, over every page. */
    total: z.number().int().min(0),
    /** The archived records the reader may see in the collection, whatever the search and filter. */
    archivedCount: z.number().int().min(0),
  });

/** What each collection's list route answers: one page of its records and the counts. */
export const registryPageSchemas = {
  units: pageOf(registryReadSchemas.units),
  parkings: pageOf(registryReadSchemas.parkings),
  lockers: pageOf(registryReadSchemas.lockers),
  people: pageOf(registryReadSchemas.people),
  suppliers: pageOf(registryReadSchemas.suppliers),
  banks: pageOf(registryReadSchemas.banks),
  categories: pageOf(registryReadSchemas.categories),
} as const;
export type RegistryPage<C extends RegistryCollectionName> = z.output<(typeof registryPageSchemas)[C]>;
