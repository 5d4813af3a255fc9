import { cents, type Cents } from '../money';
import type { FundFilter } from '../schemas/statements';
import {
  closingOf,
  hasFigures,
  inFund,
  sectionOf,
  statementSections,
  type FiguresByAccount,
  type StatementAccount,
} from './statement-accounts';

/**
 * DOMAIN 10: the trial balance for a period: every account with its opening balance, the debits
 * and credits posted in the period, and its closing balance (positive: a debit balance), in the
 * statements' order (assets, liabilities, capital, revenues, expenses; by account number within
 * each). Every posting balances, so over all funds the debits equal the credits and the opening
 * and closing balances each add up to zero: `balanced` says so. One fund's accounts alone need not
 * balance (its postings with the other funds' accounts are left out).
 */

export interface TrialBalanceEntry {
  account: StatementAccount;
  opening: Cents;
  debits: Cents;
  credits: Cents;
  closing: Cents;
}

export interface TrialBalanceStatement {
  lines: TrialBalanceEntry[];
  totals: { opening: Cents; debits: Cents; credits: Cents; closing: Cents };
  /** Debits = credits, and the opening and closing balances add up to zero. */
  balanced: boolean;
}

export function trialBalanceStatement(
  accounts: readonly StatementAccount[],
  figures: FiguresByAccount,
  fund: FundFilter,
): TrialBalanceStatement {
  const order = (a: StatementAccount): number => statementSections.indexOf(sectionOf(a));
  const lines = accounts
    .filter((a) => inFund(a, fund))
    .flatMap((account) => {
      const f = figures.get(account.aid);
      return f && hasFigures(f)
        ? [{ account, opening: f.opening, debits: f.debits, credits: f.credits, closing: closingOf(f) }]
        : [];
    })
    .sort((a, b) => order(a.account) - order(b.account) || a.account.aid - b.account.aid);
  const total = (pick: (l: TrialBalanceEntry) => number): Cents =>
    cents(lines.reduce((s, l) => s + pick(l), 0));
  const totals = {
    opening: total((l) => l.opening),
    debits: total((l) => l.debits),
    credits: total((l) => l.credits),
    closing: total((l) => l.closing),
  };
  return {
    lines,
    totals,
    balanced: totals.debits === totals.credits && totals.opening === 0 && totals.closing === 0,
  };
}
