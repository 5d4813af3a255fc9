import { describe, expect, it } from 'vitest';
import type { CategoryView } from '@copro/domain';
import { categoryOptions, newChargeValues, prepareCharge } from './charge-values';

const unit = '11111111-1111-4111-8111-111111111111';
const category = (uuid: string, name: string, parent: CategoryView['parent'], archived = false) =>
  ({ uuid, name, parent, archived }) as CategoryView;

describe('invoice and credit note form', () => {
  it('sends the kind, the amount in cents and the category', () => {
    const values = {
      ...newChargeValues('2026-04-01'),
      amount: '40',
      categoryUuid: '44444444-4444-4444-8444-444444444444',
      description: 'Replacement key',
    };
    expect(prepareCharge(unit, 'unitInvoice', values).input).toEqual({
      unitUuid: unit,
      kind: 'unitInvoice',
      date: '2026-04-01',
      amount: 4000,
      categoryUuid: '44444444-4444-4444-8444-444444444444',
      description: 'Replacement key',
    });
  });

  it('wants a category and a description', () => {
    const { input, issues } = prepareCharge(unit, 'unitCreditNote', {
      ...newChargeValues('2026-04-01'),
      amount: '5',
    });
    expect(input).toBeNull();
    expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual(['categoryUuid', 'description']);
  });

  it('lists revenues first, by name, without archived categories or receivables', () => {
    const groups = categoryOptions(
      [
        category('e1', 'Repairs', 'expenses'),
        category('r2', 'Rentals', 'revenues'),
        category('r1', 'Fees', 'revenues'),
        category('r3', 'Old', 'revenues', true),
        category('ar', 'Units', 'accounts-receivable'),
      ],
      (parent) => parent.toUpperCase(),
    );
    expect(groups).toEqual([
      {
        group: 'REVENUES',
        items: [
          { value: 'r1', label: 'Fees' },
          { value: 'r2', label: 'Rentals' },
        ],
      },
      { group: 'EXPENSES', items: [{ value: 'e1', label: 'Repairs' }] },
    ]);
  });
});
