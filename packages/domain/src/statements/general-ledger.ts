import { cents, type Cents } from '../money';
import type { FundFilter } from '../schemas/statements';
import {
  closingOf,
  inFund,
  sectionOf,
  statementSections,
  type FiguresByAccount,
  type StatementAccount,
} from './statement-accounts';

/**
 * DOMAIN 10: the general ledger for a period: every account that moved in it (or has an opening
 * balance), with its opening balance, each of its lines in date order with the running balance
 * (opening + the lines so far; positive: a debit balance), and its debits, credits and closing
 * balance. A document holds at most `generalLedgerLineLimit` lines: past that the accounts are
 * cut (`complete` false) and the reader is asked to pick one account or a shorter period; the
 * totals and closing balances still count every line.
 */

export const generalLedgerLineLimit = 10_000;

export interface LedgerLine {
  aid: number;
  date: string;
  description: string;
  /** A check number, when the line or its transaction has one. */
  reference: string | null;
  amount: Cents;
}

export interface GeneralLedgerAccount {
  account: StatementAccount;
  opening: Cents;
  lines: (LedgerLine & { balance: Cents })[];
  debits: Cents;
  credits: Cents;
  closing: Cents;
}

export interface GeneralLedger {
  accounts: GeneralLedgerAccount[];
  /** False when the line limit cut the document. */
  complete: boolean;
}

/** The general ledger of the accounts with figures; `lines` in account, date and entry order, `complete` when none were left out. */
export function generalLedger(
  accounts: readonly StatementAccount[],
  figures: FiguresByAccount,
  lines: readonly LedgerLine[],
  fund: FundFilter,
  complete: boolean,
): GeneralLedger {
  const byAccount = new Map<number, LedgerLine[]>();
  for (const line of lines) {
    const own = byAccount.get(line.aid);
    if (own) own.push(line);
    else byAccount.set(line.aid, [line]);
  }
  const order = (a: StatementAccount): number => statementSections.indexOf(sectionOf(a));
  const shown = accounts
    .filter((a) => inFund(a, fund) && figures.has(a.aid))
    .sort((a, b) => order(a) - order(b) || a.aid - b.aid);
  // A cut document ends at the last account it reached.
  const last = complete ? shown.length : shown.findLastIndex((a) => byAccount.has(a.aid)) + 1;
  return {
    accounts: shown.slice(0, last).flatMap((account) => {
      const f = figures.get(account.aid);
      if (!f) return [];
      let balance: number = f.opening;
      const own = byAccount.get(account.aid) ?? [];
      if (own.length === 0 && f.opening === 0 && f.debits === 0 && f.credits === 0) return [];
      return [
        {
          account,
          opening: f.opening,
          lines: own.map((line) => {
            balance += line.amount;
            return { ...line, balance: cents(balance) };
          }),
          debits: f.debits,
          credits: f.credits,
          closing: closingOf(f),
        },
      ];
    }),
    complete,
  };
}
