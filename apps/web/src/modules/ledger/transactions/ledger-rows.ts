import type { TransactionKind, TransactionStatus } from '@copro/domain';
import type { AccountType } from './account-types';
import type { AccountLine } from '@copro/domain';

/** A signed amount in the ledger's two columns: positive is a debit, negative a credit (DOMAIN 1). */
export function debitCredit(amount: number): { debit: number | null; credit: number | null } {
  if (amount > 0) return { debit: amount, credit: null };
  if (amount < 0) return { debit: null, credit: -amount };
  return { debit: null, credit: null };
}

/** One row of an account's table or one card on a phone. */
export interface LedgerRow {
  uuid: string;
  date: string;
  description: string;
  kind: TransactionKind;
  debit: number | null;
  credit: number | null;
  /** The account's balance after this line; a cancelled line leaves it unchanged. */
  balance: number;
  status: TransactionStatus;
  cancelled: boolean;
}

export const ledgerRows = (lines: readonly AccountLine[]): LedgerRow[] =>
  lines.map(({ transaction, amount, balance }) => ({
    uuid: transaction.uuid,
    date: transaction.date,
    description: transaction.description,
    kind: transaction.kind,
    ...debitCredit(amount),
    balance,
    status: transaction.status,
    cancelled: transaction.status === 'cancelled',
  }));

/** Which sentence explains an account's balance, for the accounts where its sign has a meaning. */
export const balanceStandings = [
  'unitOwes',
  'unitInCredit',
  'unitSettled',
  'supplierOwed',
  'supplierOwes',
  'supplierSettled',
] as const;
export type BalanceStanding = (typeof balanceStandings)[number];

/**
 * DOMAIN 1: a unit's balance is what it owes the syndicate (positive owes, negative in credit);
 * a supplier's account is payable, so a credit balance is what the syndicate owes it. Banks and
 * categories read as plain debit or credit balances: no sentence.
 */
export function balanceStanding(type: AccountType, balance: number): BalanceStanding | null {
  if (type === 'units') return balance > 0 ? 'unitOwes' : balance < 0 ? 'unitInCredit' : 'unitSettled';
  if (type === 'suppliers')
    return balance < 0 ? 'supplierOwed' : balance > 0 ? 'supplierOwes' : 'supplierSettled';
  return null;
}
