import type { BankView } from '@copro/domain';
import { compareText } from '../../ui/compare';

/**
 * The banks a reconciliation is chosen from: checking accounts first (DOMAIN 9 reconciles them
 * monthly), then savings and investments, each by name; archived ones only when already chosen.
 */
export function banksForReconciliation(banks: readonly BankView[], chosenUuid?: string): BankView[] {
  const rank = (bank: BankView): number => (bank.bankAccountType === 'checking' ? 0 : 1);
  return banks
    .filter((bank) => !bank.archived || bank.uuid === chosenUuid)
    .sort((a, b) => rank(a) - rank(b) || compareText(a.name, b.name));
}
