import { useTranslation } from 'react-i18next';
import type { AccountGroup, LedgerAccount } from './ledger-accounts';

/** How accounts and their groups read in the user's language: a unit is "Unit 101", not "101". */
export function useAccountNames() {
  const { t } = useTranslation();
  return {
    group: (group: AccountGroup): string => t(`accounting.groups.${group}`),
    account: (account: Pick<LedgerAccount, 'aid' | 'kind' | 'name'> | null, aid?: number): string => {
      if (!account || account.name === '')
        return t('accounting.unnamedAccount', { aid: account?.aid ?? aid });
      return account.kind === 'unit' ? t('accounting.unitAccount', { number: account.name }) : account.name;
    },
  };
}
