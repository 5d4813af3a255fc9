import { cents, type Cents } from '../money';
import { fundOf, type Fund } from '../schemas/accounts';

/**
 * DOMAIN 2 and 12: a new fiscal year opens with the old year's closing balances. Balance-sheet
 * accounts (units, suppliers, banks, and categories under assets, liabilities, capital,
 * receivables and payables) carry their balance forward; revenues and expenses are closed, so the
 * new year starts with no income and no expense. Quebec syndicates keep separate funds, and a
 * fund's result belongs to that fund: each revenue and expense account closes into its own fund's
 * capital account ({@link closingTargets}), so the contingency fund's contributions less its
 * expenses stay in the contingency fund. The lines sum to zero because the old year's balances do,
 * and each fund opens with the equity it closed with.
 */
export interface ClosingBalance {
  aid: number;
  balance: Cents;
  /** Revenues and expenses: the capital account the balance closes into. Null: carried as is. */
  closesInto: number | null;
}

export function openingLines(closing: readonly ClosingBalance[]): { aid: number; amount: Cents }[] {
  const opening = new Map<number, number>();
  for (const account of closing) {
    const aid = account.closesInto ?? account.aid;
    opening.set(aid, (opening.get(aid) ?? 0) + account.balance);
  }
  return [...opening.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a - b)
    .map(([aid, amount]) => ({ aid, amount: cents(amount) }));
}

export const incomeParents: readonly string[] = ['revenues', 'expenses'];

/** A category as the year end reads it. */
export interface ClosingCategory {
  aid: number;
  parent: string;
  fund?: string | null;
  systemKey?: string | null;
  archived: boolean;
}

/** The capital account of the default chart that holds each fund's equity. */
const fundCapitalKey: Record<Fund, string> = {
  operating: 'accumulatedSurplus',
  contingency: 'contingencyFund',
  selfInsurance: 'selfInsuranceFund',
};

/**
 * The capital account each fund closes into, among the fund's own capital categories (`fundOf`):
 * live before archived (an archived one still keeps the money in its fund), the default chart's
 * (`contingencyFund`, `selfInsuranceFund`) first, then the lowest account number, so the choice
 * does not depend on the order the records are read in. The operating fund closes into the
 * accumulated surplus, as it always did, else into its own first capital category (so creating
 * one, as the missing-surplus error asks, is enough); a fund without any capital account closes
 * into the operating fund's. Null when the operating fund has none either.
 */
export function fundCapitalAccounts(categories: readonly ClosingCategory[]): Record<Fund, number | null> {
  const capital = categories.filter((c) => c.parent === 'capital');
  const ofFund = (fund: Fund) =>
    capital
      .filter((c) => fundOf(c) === fund)
      .sort(
        (a, b) =>
          Number(a.archived) - Number(b.archived) ||
          Number(b.systemKey === fundCapitalKey[fund]) - Number(a.systemKey === fundCapitalKey[fund]) ||
          a.aid - b.aid,
      );
  const operating =
    categories.find((c) => c.systemKey === fundCapitalKey.operating)?.aid ??
    ofFund('operating')[0]?.aid ??
    null;
  return {
    operating,
    contingency: ofFund('contingency')[0]?.aid ?? operating,
    selfInsurance: ofFund('selfInsurance')[0]?.aid ?? operating,
  };
}

/**
 * Each revenue and expense account → the capital account it closes into: its fund's
 * ({@link fundCapitalAccounts}), null when there is none. Other accounts are not in the map: they
 * carry their own balance.
 */
export function closingTargets(categories: readonly ClosingCategory[]): Map<number, number | null> {
  const capital = fundCapitalAccounts(categories);
  return new Map(
    categories.filter((c) => incomeParents.includes(c.parent)).map((c) => [c.aid, capital[fundOf(c)]]),
  );
}
