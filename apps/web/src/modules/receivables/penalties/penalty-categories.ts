import type { CategoryView } from '@copro/domain';
import { compareText } from '../../../ui/compare';

export interface CategoryOption {
  value: string;
  label: string;
}

/**
 * Where a penalty's charges can be credited: the active revenue categories by name, and the one
 * it already names even when it was archived or moved since, so a saved choice never disappears.
 */
export function penaltyCategoryOptions(
  categories: readonly CategoryView[],
  current: string,
): CategoryOption[] {
  const options = categories
    .filter((category) => category.parent === 'revenues' && !category.archived)
    .sort((a, b) => compareText(a.name, b.name))
    .map((category) => ({ value: category.uuid, label: category.name }));
  const saved = categories.find((category) => category.uuid === current);
  if (saved && !options.some((option) => option.value === current))
    options.push({ value: saved.uuid, label: saved.name });
  return options;
}

/** The default chart's "Penalties and fees" account, where a new penalty goes unless changed. */
export const defaultPenaltyCategory = (categories: readonly CategoryView[]): string =>
  categories.find((category) => category.systemKey === 'penaltiesAndFees' && !category.archived)?.uuid ?? '';
