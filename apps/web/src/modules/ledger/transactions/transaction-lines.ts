import { isAccountType, type AccountType } from './account-types';
import { debitCredit } from './ledger-rows';
import type { LedgerAccount, TransactionView } from '@copro/domain';

/**
 * How a line names its account. Finance readers know every account, each linked to its page; an
 * owner knows their own units, and reads the other accounts by the name the server gives the line.
 */
export type LineAccount =
  | { kind: 'record'; type: AccountType; recordUuid: string; name: string }
  | { kind: 'other'; aid: number; name: string }
  | { kind: 'unknown'; aid: number };

export interface TransactionLineRow {
  /** The line's position: one account may appear on several lines. */
  key: number;
  account: LineAccount;
  debit: number | null;
  credit: number | null;
  check: string | null;
}

export interface OwnUnit {
  uuid: string;
  aid: number;
  number: string;
}

function lineAccount(
  { aid, accountName }: TransactionView['subtransactions'][number],
  accounts: ReadonlyMap<number, LedgerAccount>,
  ownUnits: ReadonlyMap<number, OwnUnit>,
): LineAccount {
  const account = accounts.get(aid);
  if (account && isAccountType(account.collection))
    return { kind: 'record', type: account.collection, recordUuid: account.recordUuid, name: account.name };
  // An account whose record is not in this year's registry keeps its number and last name.
  if (account) return { kind: 'other', aid, name: accountName ?? account.name };
  const unit = ownUnits.get(aid);
  if (unit) return { kind: 'record', type: 'units', recordUuid: unit.uuid, name: unit.number };
  return accountName ? { kind: 'other', aid, name: accountName } : { kind: 'unknown', aid };
}

/** The lines of a transaction's view, each with its account and its debit or credit. */
export function transactionLineRows(
  lines: TransactionView['subtransactions'],
  accounts: readonly LedgerAccount[] | undefined,
  ownUnits: readonly OwnUnit[] | undefined,
): TransactionLineRow[] {
  const accountsByAid = new Map((accounts ?? []).map((account) => [account.aid, account]));
  const unitsByAid = new Map((ownUnits ?? []).map((unit) => [unit.aid, unit]));
  return lines.map((line, key) => ({
    key,
    account: lineAccount(line, accountsByAid, unitsByAid),
    ...debitCredit(line.amount),
    check: line.check,
  }));
}

/** Both columns' totals; they are equal, since a transaction's lines sum to zero (SPEC 5). */
export const lineTotals = (rows: readonly TransactionLineRow[]): { debits: number; credits: number } =>
  rows.reduce(
    (totals, row) => ({
      debits: totals.debits + (row.debit ?? 0),
      credits: totals.credits + (row.credit ?? 0),
    }),
    { debits: 0, credits: 0 },
  );
