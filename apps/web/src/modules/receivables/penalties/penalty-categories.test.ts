import { describe, expect, it } from 'vitest';
import type { CategoryView } from '@copro/domain';
import { defaultPenaltyCategory, penaltyCategoryOptions } from './penalty-categories';

const category = (uuid: string, name: string, over: Partial<CategoryView> = {}): CategoryView =>
  ({ uuid, name, parent: 'revenues', archived: false, systemKey: null, ...over }) as CategoryView;

const categories = [
  category('fees', 'Pénalités et frais', { systemKey: 'penaltiesAndFees' }),
  category('condo', 'Contributions'),
  category('old', 'Old fees', { archived: true }),
  category('repairs', 'Repairs', { parent: 'expenses' }),
];

describe('penaltyCategoryOptions', () => {
  it('offers the active revenue categories by name', () => {
    expect(penaltyCategoryOptions(categories, '').map((o) => o.value)).toEqual(['condo', 'fees']);
  });

  it('keeps the saved category even when archived', () => {
    expect(penaltyCategoryOptions(categories, 'old').map((o) => o.value)).toEqual(['condo', 'fees', 'old']);
  });
});

describe('defaultPenaltyCategory', () => {
  it('is the chart’s penalties and fees account, or none', () => {
    expect(defaultPenaltyCategory(categories)).toBe('fees');
    expect(defaultPenaltyCategory(categories.slice(1))).toBe('');
  });
});
