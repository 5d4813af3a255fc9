import { supplierSchema, type SupplierInput } from '@copro/domain';
import { findRecord, type CollectionDef } from '../registry';

export const supplierCollection: CollectionDef<SupplierInput, SupplierInput> = {
  collection: 'suppliers',
  entity: 'supplier',
  ledgerKind: 'supplier',
  createSchema: supplierSchema,
  editSchema: supplierSchema,
  editableFields: Object.keys(supplierSchema.shape),
  labelOf: (row) => String(row.data.name ?? ''),
  // The default category of a supplier's invoices is one of the building's expense accounts.
  check: async (tx, scope, data) => {
    if (typeof data.category !== 'string') return [];
    const category = await findRecord(tx, scope, 'categories', data.category);
    if (!category) return [{ path: ['category'], key: 'registry.recordMissing' }];
    return category.data.parent === 'expenses'
      ? []
      : [{ path: ['category'], key: 'registry.expenseCategoryOnly' }];
  },
};
