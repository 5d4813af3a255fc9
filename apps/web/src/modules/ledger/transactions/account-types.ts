import type { NavEntry, Permission } from '@copro/domain';

/** The four kinds of records that own a ledger account, named as their address segment (SPEC 2). */
export const accountTypes = ['units', 'suppliers', 'banks', 'categories'] as const;
export type AccountType = (typeof accountTypes)[number];

export const isAccountType = (value: string | null | undefined): value is AccountType =>
  (accountTypes as readonly (string | null | undefined)[]).includes(value);

/**
 * Where each `{type}/transactions` page sits in the shell and who reads it (SPEC 6): owners may
 * read their own unit's account with `self` access, the other accounts only with `all`.
 */
export const accountTypeTabs: Record<AccountType, { section: NavEntry; permission: Permission }> = {
  units: { section: 'units', permission: 'transactions.read.unit' },
  suppliers: { section: 'suppliers', permission: 'transactions.read' },
  banks: { section: 'banks', permission: 'transactions.read' },
  categories: { section: 'accounting', permission: 'transactions.read' },
};

/** The page of an account, or of a transaction seen from that type's page (SPEC 2 transaction link). */
export const transactionsPath = (type: AccountType, uuid?: string): string =>
  uuid ? `${type}/transactions/${uuid}` : `${type}/transactions`;
