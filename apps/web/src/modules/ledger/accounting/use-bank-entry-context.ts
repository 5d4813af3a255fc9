import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankView, CategoryView } from '@copro/domain';
import type { BankEntryContext } from './bank-entry-changes';
import type { LedgerAccount } from './ledger-accounts';

/** What the bank entry form fills in from: the standard categories, each bank's own supplier. */
export function useBankEntryContext(
  accounts: readonly LedgerAccount[],
  banks: readonly BankView[],
  categories: readonly CategoryView[],
): BankEntryContext {
  const { t } = useTranslation();
  return useMemo(() => {
    const systemAids = new Map(
      categories.flatMap((category) =>
        category.systemKey && !category.archived ? [[category.systemKey, category.aid] as const] : [],
      ),
    );
    const aidOfRecord = new Map(accounts.map((account) => [account.recordUuid, account.aid]));
    const kindOfAid = new Map(accounts.map((account) => [String(account.aid), account.kind]));
    return {
      hintsFor: (bank) => {
        const supplier = banks.find((record) => String(record.aid) === bank)?.supplierAccount;
        return { systemAids, bankSupplierAid: supplier ? aidOfRecord.get(supplier) : undefined };
      },
      kindOf: (aid) => kindOfAid.get(aid),
      labelOf: (type) => t(`accounting.bankEntries.types.${type}`),
    };
  }, [accounts, banks, categories, t]);
}
