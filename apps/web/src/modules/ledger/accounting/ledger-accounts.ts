import type { LedgerAccount, LedgerAccountKind } from '@copro/domain';
import { compareNumbers, compareText } from '../../../ui/compare';
import { searchable } from '../../../ui/format';

/** The records that own a ledger account. */
export type AccountKind = LedgerAccountKind;
/** GET …/accounts: the domain's schema, named here where the accounts are grouped and sorted. */
export type { LedgerAccount };

/**
 * The groups accounts are shown in, in the order of a balance sheet then an income statement:
 * what the syndicate holds, what it owes, its funds, then the year's revenues and expenses.
 * Banks, units and suppliers have their own groups; categories go under their parent.
 */
export const accountGroups = [
  'banks',
  'units',
  'accounts-receivable',
  'assets',
  'suppliers',
  'accounts-payable',
  'liabilities',
  'capital',
  'revenues',
  'expenses',
  'other',
] as const;
export type AccountGroup = (typeof accountGroups)[number];

const groupOfKind: Record<Exclude<AccountKind, 'category'>, AccountGroup> = {
  bank: 'banks',
  unit: 'units',
  supplier: 'suppliers',
};

/** 'other' stands for an account the registry no longer names (or a category without parent). */
export function groupOf(account: Pick<LedgerAccount, 'kind' | 'parent'> | null): AccountGroup {
  if (!account) return 'other';
  if (account.kind === 'category') return account.parent ?? 'other';
  return groupOfKind[account.kind];
}

export const groupRank = (group: AccountGroup): number => accountGroups.indexOf(group);

type SortedAccount = Pick<LedgerAccount, 'kind' | 'parent' | 'name'>;

/** Units by number as people read them (9 before 10), the others by name. */
export function compareAccounts(a: SortedAccount, b: SortedAccount): number {
  const byGroup = groupRank(groupOf(a)) - groupRank(groupOf(b));
  if (byGroup !== 0) return byGroup;
  return a.kind === 'unit' && b.kind === 'unit'
    ? compareNumbers(a.name, b.name)
    : compareText(a.name, b.name);
}

export interface AccountOption {
  /** The aid as text: what a select holds. */
  value: string;
  label: string;
}

export interface AccountOptionGroup {
  group: string;
  items: AccountOption[];
}

/** The accounts a picker offers, grouped and sorted; the caller names groups and accounts in its language. */
export function accountOptions(
  accounts: readonly LedgerAccount[],
  names: { group: (group: AccountGroup) => string; account: (account: LedgerAccount) => string },
): AccountOptionGroup[] {
  const groups = new Map<AccountGroup, AccountOption[]>();
  for (const account of [...accounts].sort(compareAccounts)) {
    const group = groupOf(account);
    const items = groups.get(group) ?? [];
    items.push({ value: String(account.aid), label: names.account(account) });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group: names.group(group), items }));
}

/** A search finds an account by its name (case and accents aside) or by the start of its number. */
export function accountMatches(option: AccountOption, search: string): boolean {
  const wanted = searchable(search.trim());
  if (wanted === '') return true;
  return searchable(option.label).includes(wanted) || option.value.startsWith(wanted);
}
