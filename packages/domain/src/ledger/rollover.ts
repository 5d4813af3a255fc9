import { cents, type Cents } from '../money';

/**
 * DOMAIN 2: a new fiscal year opens with the old year's closing balances. Balance-sheet accounts
 * (units, suppliers, banks, and categories under assets, liabilities, capital, receivables and
 * payables) carry their balance forward; revenues and expenses are closed into the accumulated
 * surplus, so the new year starts with no income and no expense. The lines sum to zero because
 * the old year's balances do.
 */
export interface ClosingBalance {
  aid: number;
  balance: Cents;
  /** Revenues and expenses: closed into the surplus instead of carried. */
  income: boolean;
}

export function openingLines(
  closing: readonly ClosingBalance[],
  surplusAid: number,
): { aid: number; amount: Cents }[] {
  const carried = new Map<number, number>();
  let result = 0;
  for (const account of closing) {
    if (account.income) result += account.balance;
    else carried.set(account.aid, (carried.get(account.aid) ?? 0) + account.balance);
  }
  carried.set(surplusAid, (carried.get(surplusAid) ?? 0) + result);
  return [...carried.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a - b)
    .map(([aid, amount]) => ({ aid, amount: cents(amount) }));
}

export const incomeParents: readonly string[] = ['revenues', 'expenses'];
