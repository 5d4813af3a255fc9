import { cents, type Cents } from '../money';
import { fundOf, type CategoryParent, type Fund } from '../schemas/accounts';
import type { FundFilter } from '../schemas/statements';

/**
 * DOMAIN 10: what every financial statement reads. Each ledger account belongs to one section of
 * the statements and to one fund (DOMAIN 12):
 *
 * - units are receivables and suppliers are payables, both of the operating fund;
 * - banks are cash, of the fund set on the bank (else its default chart account's, else operating);
 * - a category sits in the section of its parent (an account of the asset parent is an "other
 *   asset", of the liability parent an "other liability"), in the fund set on it (same default);
 * - an account its year does not describe counts as an other asset, so nothing is ever left out
 *   of a total.
 *
 * An account's figures for a period are its opening balance (everything before the period,
 * the year's opening writing included), and the debits and credits posted in the period; its
 * closing balance is opening + debits − credits (positive: a debit balance).
 */

export const balanceSheetSections = [
  'banks',
  'receivables',
  'otherAssets',
  'payables',
  'otherLiabilities',
  'capital',
] as const;
export type BalanceSheetSection = (typeof balanceSheetSections)[number];

export const statementSections = [...balanceSheetSections, 'revenues', 'expenses'] as const;
export type StatementSection = (typeof statementSections)[number];

/** Asset sections hold debit balances; the others are read as credit balances. */
export const assetSections: readonly StatementSection[] = ['banks', 'receivables', 'otherAssets'];
export const incomeSections: readonly StatementSection[] = ['revenues', 'expenses'];

/** A ledger account as the statements read it, its name already in the reader's language. */
export interface StatementAccount {
  aid: number;
  /** The ledger account's kind: unit, supplier, bank or category. */
  kind: string;
  /** A category's parent; null for the others and for an account its year does not describe. */
  parent: CategoryParent | null;
  fund: Fund;
  name: string;
}

/** A ledger account's fund: units and suppliers are the operating fund's; banks and categories say theirs. */
export const accountFund = (
  kind: string,
  record: { fund?: string | null; systemKey?: string | null } | null,
): Fund => (kind === 'bank' || kind === 'category' ? fundOf(record ?? {}) : 'operating');

export function sectionOf(account: Pick<StatementAccount, 'kind' | 'parent'>): StatementSection {
  if (account.kind === 'unit') return 'receivables';
  if (account.kind === 'supplier') return 'payables';
  if (account.kind === 'bank') return 'banks';
  switch (account.parent) {
    case 'accounts-receivable':
      return 'receivables';
    case 'accounts-payable':
      return 'payables';
    case 'liabilities':
      return 'otherLiabilities';
    case 'capital':
      return 'capital';
    case 'revenues':
      return 'revenues';
    case 'expenses':
      return 'expenses';
    default:
      return 'otherAssets';
  }
}

export const inFund = (account: Pick<StatementAccount, 'fund'>, fund: FundFilter): boolean =>
  fund === 'all' || account.fund === fund;

/** An account's figures for a period, in cents. */
export interface AccountFigures {
  /** The balance before the period: the year's opening and what was posted before `from`. */
  opening: Cents;
  debits: Cents;
  credits: Cents;
}
export type FiguresByAccount = ReadonlyMap<number, AccountFigures>;

export const noFigures: AccountFigures = { opening: cents(0), debits: cents(0), credits: cents(0) };

/** Opening + debits − credits: positive is a debit balance. */
export const closingOf = (figures: AccountFigures): Cents =>
  cents(figures.opening + figures.debits - figures.credits);

export const hasFigures = (figures: AccountFigures): boolean =>
  figures.opening !== 0 || figures.debits !== 0 || figures.credits !== 0;

/** What an account moved in one month of the period (the first and last month: their days in the period). */
export interface AccountMovement {
  aid: number;
  /** The month's 1st, YYYY-MM-DD. */
  month: string;
  debits: Cents;
  credits: Cents;
}

/** Each account's figures from its opening balance and its movements of the period. */
export function periodFigures(
  opening: ReadonlyMap<number, Cents>,
  movements: readonly AccountMovement[],
): Map<number, AccountFigures> {
  const out = new Map<number, AccountFigures>();
  for (const [aid, amount] of opening) out.set(aid, { ...noFigures, opening: amount });
  for (const m of movements) {
    const f = out.get(m.aid) ?? noFigures;
    out.set(m.aid, {
      opening: f.opening,
      debits: cents(f.debits + m.debits),
      credits: cents(f.credits + m.credits),
    });
  }
  return out;
}

/** What a section's account shows: a debit balance for assets and expenses, a credit balance for the rest. */
export const shownBalance = (section: StatementSection, debitBalance: number): Cents =>
  cents(
    assetSections.includes(section) || section === 'expenses'
      ? debitBalance
      : debitBalance === 0
        ? 0
        : -debitBalance,
  );

/** Accounts by aid, in aid order (the chart's order). */
export const byAid = (a: { aid: number }, b: { aid: number }): number => a.aid - b.aid;
