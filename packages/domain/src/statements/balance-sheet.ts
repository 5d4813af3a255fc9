import { cents, type Cents } from '../money';
import type { FundFilter } from '../schemas/statements';
import {
  balanceSheetSections,
  byAid,
  closingOf,
  inFund,
  incomeSections,
  sectionOf,
  shownBalance,
  type BalanceSheetSection,
  type FiguresByAccount,
  type StatementAccount,
} from './statement-accounts';

/**
 * DOMAIN 10: the balance sheet at a date, from each account's figures from the year's start to
 * that date (its closing balance):
 *
 *   assets (banks, receivables, other assets)
 *     = liabilities (payables, other liabilities) + capital (the funds, the accumulated surplus)
 *       + the year's surplus (revenues − expenses from the year's start to the date).
 *
 * Every posting balances, so over all funds the two sides are equal to the cent. One fund's sheet
 * (DOMAIN 12) holds only its own accounts; what it lent to or borrowed from the other funds (a
 * contingency contribution billed to a unit of the operating fund, the contingency fund's money
 * in the operating bank account) is its interfund balance: the amount that makes its sheet
 * balance, an asset when the other funds owe it, a liability when it owes them. The funds'
 * interfund balances add up to zero.
 *
 * Units are shown as one line (the co-owners' accounts) and suppliers as one line; banks and
 * categories each on their own line. Lines whose balance is zero are left out.
 */

/** The accounts a balance sheet shows as one line. */
export type LineGroup = 'units' | 'suppliers';

export interface BalanceSheetLine {
  /** `aid:<n>` for an account, the group's name for a group: matches the comparative year's line. */
  key: string;
  account: StatementAccount | null;
  group: LineGroup | null;
  amount: Cents;
}

export interface BalanceSheetPart {
  section: BalanceSheetSection;
  lines: BalanceSheetLine[];
  total: Cents;
}

export interface BalanceSheet {
  /** In `balanceSheetSections` order, empty ones included. */
  parts: BalanceSheetPart[];
  /** One fund's sheet: positive when the other funds owe it, negative when it owes them; 0 over all funds. */
  interfund: Cents;
  /** Revenues − expenses from the year's start to the date. */
  surplus: Cents;
  /** Banks + receivables + other assets (+ what other funds owe). */
  assets: Cents;
  /** Payables + other liabilities (+ what is owed to other funds). */
  liabilities: Cents;
  capital: Cents;
  /** Liabilities + capital + the year's surplus: equals `assets`. */
  liabilitiesAndCapital: Cents;
}

export const accountKey = (aid: number): string => `aid:${aid}`;

const groupOf = (account: StatementAccount): LineGroup | null =>
  account.kind === 'unit' ? 'units' : account.kind === 'supplier' ? 'suppliers' : null;

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export function balanceSheet(
  accounts: readonly StatementAccount[],
  figures: FiguresByAccount,
  fund: FundFilter,
): BalanceSheet {
  const lines = new Map<BalanceSheetSection, BalanceSheetLine[]>(balanceSheetSections.map((s) => [s, []]));
  const groups = new Map<LineGroup, { section: BalanceSheetSection; amount: number }>();
  let debitBalance = 0;
  let surplus = 0;
  for (const account of [...accounts].sort(byAid)) {
    if (!inFund(account, fund)) continue;
    const f = figures.get(account.aid);
    if (!f) continue;
    const closing = closingOf(f);
    debitBalance += closing;
    const section = sectionOf(account);
    if (incomeSections.includes(section)) {
      surplus -= closing;
      continue;
    }
    const part = section as BalanceSheetSection;
    const group = groupOf(account);
    if (group) {
      const g = groups.get(group) ?? { section: part, amount: 0 };
      groups.set(group, { section: part, amount: g.amount + shownBalance(part, closing) });
    } else if (closing !== 0) {
      lines
        .get(part)
        ?.push({ key: accountKey(account.aid), account, group: null, amount: shownBalance(part, closing) });
    }
  }
  for (const [group, { section, amount }] of groups) {
    // The co-owners' and suppliers' lines come first in their section.
    if (amount !== 0)
      lines.get(section)?.unshift({ key: group, account: null, group, amount: cents(amount) });
  }
  const parts = balanceSheetSections.map((section) => {
    const sectionLines = lines.get(section) ?? [];
    return { section, lines: sectionLines, total: cents(sum(sectionLines.map((l) => l.amount))) };
  });
  const total = (sections: readonly BalanceSheetSection[]): number =>
    sum(parts.filter((p) => sections.includes(p.section)).map((p) => p.total));
  const interfund = debitBalance === 0 ? 0 : -debitBalance;
  const assets = total(['banks', 'receivables', 'otherAssets']) + Math.max(interfund, 0);
  const liabilities = total(['payables', 'otherLiabilities']) + Math.max(-interfund, 0);
  const capital = total(['capital']);
  return {
    parts,
    interfund: cents(interfund),
    surplus: cents(surplus === 0 ? 0 : surplus),
    assets: cents(assets),
    liabilities: cents(liabilities),
    capital: cents(capital),
    liabilitiesAndCapital: cents(liabilities + capital + surplus),
  };
}
