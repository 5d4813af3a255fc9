import { defaultBanks, defaultChartOfAccounts } from '../chart-of-accounts';
import { translate } from '../i18n/index';
import type { Language } from '../locale';

/** A ledger account and what its record says in the year (null when the year has no such record). */
export interface AccountToName {
  aid: number;
  /** The ledger account's kind: unit, supplier, bank or category. */
  kind: string;
  record: { number: string | null; name: string | null; systemKey: string | null } | null;
}

/**
 * An account's name as a reader sees it beside a posting: "Unit 101", a supplier's, bank's or
 * category's name. The accounts a building started with (DOMAIN 1) were named in the building's
 * language: while the admin has not renamed one, it reads in the reader's language. An account
 * its year does not name reads as its number.
 */
export function accountDisplayName(account: AccountToName, language: Language): string {
  const { record } = account;
  const byNumber = translate(language, 'transactions.accountNumber', { aid: account.aid });
  if (!record) return byNumber;
  if (account.kind === 'unit') return translate(language, 'units.unitTitle', { number: record.number ?? '' });
  const seeded =
    account.kind === 'category'
      ? defaultChartOfAccounts.find((c) => c.key === record.systemKey)
      : account.kind === 'bank'
        ? defaultBanks.find((b) => b.key === record.systemKey)
        : undefined;
  if (seeded && record.name !== null && Object.values(seeded.name).includes(record.name))
    return seeded.name[language];
  return record.name || byNumber;
}
