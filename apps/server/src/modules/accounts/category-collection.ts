import { categorySchema, type CategoryInput } from '@copro/domain';
import type { CollectionDef } from '../registry';

export const categoryCollection: CollectionDef<CategoryInput, CategoryInput> = {
  collection: 'categories',
  entity: 'category',
  ledgerKind: 'category',
  createSchema: categorySchema,
  editSchema: categorySchema,
  editableFields: Object.keys(categorySchema.shape),
  initialData: { systemKey: null },
  labelOf: (row) => String(row.data.name ?? ''),
};
