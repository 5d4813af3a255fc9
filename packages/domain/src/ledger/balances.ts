/**
 * Balances are pure sums over postings (DOMAIN 1): an account's balance is the sum of its
 * non-cancelled lines; a trial balance lists each account's debit and credit totals, which are
 * equal because every transaction sums to zero.
 */
export interface Posting {
  transaction: string;
  aid: number;
  amount: number;
  cancelled: boolean;
}

export interface TrialBalanceRow {
  aid: number;
  debits: number;
  credits: number;
  balance: number;
}

export function accountBalances(postings: Iterable<Posting>): Map<number, number> {
  const balances = new Map<number, number>();
  for (const p of postings) {
    if (p.cancelled) continue;
    balances.set(p.aid, (balances.get(p.aid) ?? 0) + p.amount);
  }
  return balances;
}

/** Debits and credits per account, accounts in order; credits are shown as positive amounts. */
export function trialBalance(postings: Iterable<Posting>): TrialBalanceRow[] {
  const rows = new Map<number, TrialBalanceRow>();
  for (const p of postings) {
    if (p.cancelled) continue;
    const row = rows.get(p.aid) ?? { aid: p.aid, debits: 0, credits: 0, balance: 0 };
    if (p.amount >= 0) row.debits += p.amount;
    else row.credits -= p.amount;
    row.balance += p.amount;
    rows.set(p.aid, row);
  }
  return [...rows.values()].sort((a, b) => a.aid - b.aid);
}

export const trialBalanceTotals = (rows: readonly TrialBalanceRow[]) =>
  rows.reduce(
    (totals, row) => ({ debits: totals.debits + row.debits, credits: totals.credits + row.credits }),
    { debits: 0, credits: 0 },
  );
