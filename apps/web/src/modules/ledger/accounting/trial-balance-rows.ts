import type { TrialBalanceLine } from '@copro/domain';
import { accountGroups, compareAccounts, groupOf, type AccountGroup } from './ledger-accounts';

export interface Totals {
  debits: number;
  credits: number;
  balance: number;
}

export const trialBalanceOrders = ['type', 'number'] as const;
export type TrialBalanceOrder = (typeof trialBalanceOrders)[number];

export interface TrialBalanceSection {
  /** Null when the accounts are listed by number, in one run. */
  group: AccountGroup | null;
  lines: TrialBalanceLine[];
  totals: Totals;
}

export const totalsOf = (lines: readonly TrialBalanceLine[]): Totals =>
  lines.reduce(
    (totals, line) => ({
      debits: totals.debits + line.debits,
      credits: totals.credits + line.credits,
      balance: totals.balance + line.balance,
    }),
    { debits: 0, credits: 0, balance: 0 },
  );

const compareLines = (a: TrialBalanceLine, b: TrialBalanceLine): number =>
  a.account && b.account ? compareAccounts(a.account, b.account) : a.aid - b.aid;

/**
 * The accounts that moved this year, by type (banks, units, … expenses, each with its totals) or
 * by account number. An account whose lines cancel out to nothing on both sides is left out.
 */
export function trialBalanceSections(
  lines: readonly TrialBalanceLine[],
  order: TrialBalanceOrder,
): TrialBalanceSection[] {
  const moved = lines.filter((line) => line.debits !== 0 || line.credits !== 0);
  if (moved.length === 0) return [];
  if (order === 'number') {
    const sorted = [...moved].sort((a, b) => a.aid - b.aid);
    return [{ group: null, lines: sorted, totals: totalsOf(sorted) }];
  }
  return accountGroups.flatMap((group) => {
    const inGroup = moved.filter((line) => groupOf(line.account) === group).sort(compareLines);
    return inGroup.length === 0 ? [] : [{ group, lines: inGroup, totals: totalsOf(inGroup) }];
  });
}
