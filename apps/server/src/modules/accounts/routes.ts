import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/platform';
import { bankCollection } from '../banks';
import { collectionRoutes } from '../registry';
import { supplierCollection } from '../suppliers';
import { categoryCollection } from './category-collection';

/**
 * The ledger's own accounts: suppliers, banks and categories. SPEC 6: finance readers see them,
 * owners only when the building opens its finances to all owners.
 */
export function ledgerAccountRoutes(app: FastifyInstance, platform: Platform): void {
  collectionRoutes(app, platform, supplierCollection, { read: 'suppliers.read', write: 'finance.write' });
  collectionRoutes(app, platform, bankCollection, { read: 'banks.read', write: 'finance.write' });
  collectionRoutes(app, platform, categoryCollection, { read: 'categories.read', write: 'finance.write' });
}
