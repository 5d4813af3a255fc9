import { describe, expect, it } from 'vitest';
import { hasKey, transactionKinds, transactionStatuses } from '@copro/domain';
import { accountTypes } from './account-types';
import { balanceStandings } from './ledger-rows';

// The pages build these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...transactionKinds.map((kind) => `transactions.kinds.${kind}`),
  ...transactionStatuses.map((status) => `transactions.statuses.${status}`),
  ...balanceStandings.map((standing) => `transactions.standing.${standing}`),
  'transactions.sources.system',
  'transactions.sources.staff',
  ...['first', 'previous', 'next', 'last'].map((control) => `transactions.paging.${control}`),
  ...accountTypes.flatMap((type) => [`transactions.titles.${type}`, `transactions.pick.${type}`]),
];

describe('the keys the transaction pages build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
