import { cents, zeroCents, type Cents } from '../money';

/**
 * Balances are pure sums over postings (DOMAIN 1): an account's balance is the sum of its
 * non-cancelled lines; a trial balance lists each account's debit and credit totals, which are
 * equal because every transaction sums to zero.
 */
export interface Posting {
  transaction: string;
  aid: number;
  amount: Cents;
  cancelled: boolean;
}

export interface TrialBalanceRow {
  aid: number;
  debits: Cents;
  credits: Cents;
  balance: Cents;
}

export function accountBalances(postings: Iterable<Posting>): Map<number, Cents> {
  const balances = new Map<number, Cents>();
  for (const p of postings) {
    if (p.cancelled) continue;
    balances.set(p.aid, cents((balances.get(p.aid) ?? 0) + p.amount));
  }
  return balances;
}

/** Debits and credits per account, accounts in order; credits are shown as positive amounts. */
export function trialBalance(postings: Iterable<Posting>): TrialBalanceRow[] {
  const rows = new Map<number, TrialBalanceRow>();
  for (const p of postings) {
    if (p.cancelled) continue;
    const row = rows.get(p.aid) ?? { aid: p.aid, debits: zeroCents, credits: zeroCents, balance: zeroCents };
    if (p.amount >= 0) row.debits = cents(row.debits + p.amount);
    else row.credits = cents(row.credits - p.amount);
    row.balance = cents(row.balance + p.amount);
    rows.set(p.aid, row);
  }
  return [...rows.values()].sort((a, b) => a.aid - b.aid);
}

export const trialBalanceTotals = (rows: readonly TrialBalanceRow[]): { debits: Cents; credits: Cents } =>
  rows.reduce(
    (totals, row) => ({
      debits: cents(totals.debits + row.debits),
      credits: cents(totals.credits + row.credits),
    }),
    { debits: zeroCents, credits: zeroCents },
  );
