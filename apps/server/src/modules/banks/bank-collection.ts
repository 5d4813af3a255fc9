import { bankSchema, type BankInput } from '@copro/domain';
import { missingReferences } from '../registry';
import type { CollectionDef } from '../registry';

export const bankCollection: CollectionDef<BankInput, BankInput> = {
  collection: 'banks',
  entity: 'bank',
  ledgerKind: 'bank',
  createSchema: bankSchema,
  editSchema: bankSchema,
  editableFields: Object.keys(bankSchema.shape),
  labelOf: (row) => String(row.data.name ?? ''),
  check: async (tx, scope, data) =>
    typeof data.supplierAccount === 'string'
      ? missingReferences(tx, scope, 'suppliers', [{ uuid: data.supplierAccount, path: ['supplierAccount'] }])
      : [],
};
