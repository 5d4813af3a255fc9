import { describe, expect, it } from 'vitest';
import { hasKey, saleBalanceOptions, unitPaymentMethods } from '@copro/domain';
import { chargeablePenaltyKinds } from './penalty-charge-values';
import { unitActions } from './unit-actions';

// The unit's dialogs build these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...unitActions.flatMap((action) => [`unitActions.items.${action}`, `unitActions.titles.${action}`]),
  ...unitPaymentMethods.map((method) => `admin.paymentMethods.${method}`),
  ...chargeablePenaltyKinds.map((kind) => `unitActions.penalty.kinds.${kind}`),
  ...['invoice', 'creditNote'].flatMap((ns) =>
    ['intro', 'categoryHint', 'submit', 'saved'].map((key) => `unitActions.${ns}.${key}`),
  ),
  ...saleBalanceOptions.flatMap((option) => [
    `unitSale.balance.${option}.label`,
    `unitSale.balance.${option}.explain`,
  ]),
  ...['formerUntil', 'former', 'currentSince', 'current'].map((key) => `unitSale.periods.${key}`),
  ...['invoiced', 'paid', 'balance'].map((column) => `unitStatement.columns.${column}`),
  'unitStatement.opening',
  'unitStatement.closing',
  'unitStatement.sent_one',
  'unitStatement.sent_other',
];

describe('the keys the unit dialogs build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
