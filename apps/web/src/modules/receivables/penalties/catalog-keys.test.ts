import { describe, expect, it } from 'vitest';
import { hasKey, penaltyKinds } from '@copro/domain';

// The pages build these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...penaltyKinds.map((kind) => `penaltiesPage.kinds.${kind}`),
  ...(['defaultLatePaymentFee', 'defaultInterests', 'defaultCheckReversalFee'] as const).map(
    (kind) => `penaltiesPage.descriptions.${kind}`,
  ),
  // The check's preview names its two kinds as the ledger does.
  ...(['unitLateFee', 'unitInterestFee'] as const).map((kind) => `transactions.kinds.${kind}`),
  // Counted messages: i18next picks the plural form.
  ...[
    'penaltyCheck.intro',
    'penaltyCheck.done',
    'penaltiesPage.custom.count',
    'arrearsPage.summary',
    'arrearsPage.flaggedCount',
    'arrearsPage.months',
    'arrearsPage.sendSelected',
    'arrearsPage.confirmSelected',
    'arrearsPage.sent',
    'receivablesCards.total.inArrears',
    'receivablesCards.arrears.more',
    'receivablesCards.checks.count',
  ].flatMap((key) => [`${key}_one`, `${key}_other`]),
];

describe('the keys the penalties and receivables pages build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
