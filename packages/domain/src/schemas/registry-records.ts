import type { z } from 'zod';
import { bankViewSchema, categoryViewSchema, supplierViewSchema } from './accounts';
import {
  lockerViewSchema,
  parkingViewSchema,
  personEntrySchema,
  personViewSchema,
  unitViewSchema,
} from './registry';

/**
 * What each registry collection's reads answer, one record's schema per collection: the server
 * declares it on the collection's routes and the web reads the lists through it. People answer
 * the full record or the directory's, by the reader's role.
 */
export const registryReadSchemas = {
  units: unitViewSchema,
  people: personEntrySchema,
  parkings: parkingViewSchema,
  lockers: lockerViewSchema,
  suppliers: supplierViewSchema,
  banks: bankViewSchema,
  categories: categoryViewSchema,
} as const;

/** What creating, editing or archiving a record answers: the whole record, since only managers write. */
export const registryWriteSchemas = { ...registryReadSchemas, people: personViewSchema } as const;

export type RegistryCollectionName = keyof typeof registryReadSchemas;
export type RegistryReadRecord<C extends RegistryCollectionName> = z.output<(typeof registryReadSchemas)[C]>;
export type RegistryWriteRecord<C extends RegistryCollectionName> = z.output<
  (typeof registryWriteSchemas)[C]
>;
