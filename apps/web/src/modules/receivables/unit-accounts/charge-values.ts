import type { unitChargeKinds } from '@copro/domain';
import {
  unitChargeSchema,
  type CategoryParent,
  type CategoryView,
  type UnitChargeInput,
  type FieldIssue,
} from '@copro/domain';
import { compareText } from '../../../ui/compare';
import { amountAt, prepareWith, type Prepared } from '../../../ui/prepare';

export type UnitChargeKind = (typeof unitChargeKinds)[number];

/** The invoice or credit note form as typed. */
export interface ChargeValues {
  date: string;
  amount: string;
  categoryUuid: string;
  description: string;
}

export const newChargeValues = (date: string): ChargeValues => ({
  date,
  amount: '',
  categoryUuid: '',
  description: '',
});

export function prepareCharge(
  unitUuid: string,
  kind: UnitChargeKind,
  values: ChargeValues,
): Prepared<UnitChargeInput> {
  const own: FieldIssue[] = [];
  const amount = amountAt(values.amount, ['amount'], own);
  return prepareWith(
    unitChargeSchema,
    {
      unitUuid,
      kind,
      date: values.date,
      amount,
      categoryUuid: values.categoryUuid,
      description: values.description,
    },
    own,
  );
}

/**
 * A unit is charged or credited against a revenue most of the time (a billed-back expense
 * otherwise): those groups come first. The unit accounts themselves are not a counterpart.
 */
const groupOrder: readonly CategoryParent[] = [
  'revenues',
  'expenses',
  'assets',
  'liabilities',
  'capital',
  'accounts-payable',
];

export interface OptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The categories still in use, grouped by parent (named by `parentLabel`), by name within a group. */
export function categoryOptions(
  categories: readonly CategoryView[],
  parentLabel: (parent: CategoryParent) => string,
): OptionGroup[] {
  return groupOrder
    .map((parent) => ({
      group: parentLabel(parent),
      items: categories
        .filter((category) => category.parent === parent && !category.archived)
        .sort((a, b) => compareText(a.name, b.name))
        .map((category) => ({ value: category.uuid, label: category.name })),
    }))
    .filter((group) => group.items.length > 0);
}
