import { contingencyMinimum } from '../budget/budget';
import { cents, type Cents } from '../money';
import { funds, type Fund } from '../schemas/accounts';
import type { FundFilter } from '../schemas/statements';
import { annualBudget, budgetBetween, type BudgetMonths } from './budget-months';
import {
  closingOf,
  inFund,
  sectionOf,
  type FiguresByAccount,
  type StatementAccount,
  type StatementSection,
} from './statement-accounts';

/**
 * DOMAIN 12: Quebec syndicates keep an operating fund, a contingency fund and a self-insurance
 * fund. A fund's balance is what its capital, revenue and expense accounts hold (a credit
 * balance): over a period,
 *
 *   closing = opening + contributions (its revenues) − its expenses + transfers (what its capital
 *             accounts were credited less debited in the period).
 *
 * Its money is what its own accounts hold: its bank accounts, and its other assets less its
 * liabilities (the co-owners' and suppliers' accounts are the operating fund's). When the balance
 * and the money differ, the difference is held by another fund (positive: the contingency fund's
 * contributions collected into the operating bank account, or still owed by the co-owners) or the
 * fund holds another fund's money (negative). The funds' differences add up to zero; a warning
 * names each fund whose money is elsewhere, or that holds another's (over all funds, the
 * operating fund's side is the mirror of the others and is not repeated).
 *
 * The contingency fund gets at least 5% of the contributions (DOMAIN 3, 12): its contributions are
 * the budget's contributions to the fund's revenue categories, beside what those categories were
 * credited in the period, and a warning when the budget gives it less than the minimum.
 */

export interface FundPosition {
  fund: Fund;
  opening: Cents;
  contributions: Cents;
  expenses: Cents;
  transfers: Cents;
  closing: Cents;
  /** What its own bank accounts hold at the period's end. */
  bankHoldings: Cents;
  /** Its other assets less its liabilities at the period's end. */
  otherNet: Cents;
  /** Closing − bank holdings − other net: positive when another fund holds its money. */
  heldElsewhere: Cents;
}

export interface ContingencyCheck {
  /** The budget's contributions to the contingency fund for the period; null without a budget. */
  budgeted: Cents | null;
  /** What the contingency fund's revenue categories were credited in the period. */
  received: Cents;
  /** The budget's contributions to the fund, and all of them, for the year. */
  annualContingency: Cents | null;
  annualContributions: Cents | null;
  /** The fund's share of the contributions (0 to 1); null without contributions. */
  share: number | null;
  underMinimum: boolean;
}

export type FundWarning =
  | { kind: 'moneyElsewhere'; fund: Fund; amount: Cents }
  | { kind: 'holdsOtherFunds'; fund: Fund; amount: Cents }
  | { kind: 'contingencyUnderMinimum'; share: number };

export interface FundsStatement {
  funds: FundPosition[];
  /** Null on another fund's statement. */
  contingency: ContingencyCheck | null;
  warnings: FundWarning[];
}

const equitySections: readonly StatementSection[] = ['capital', 'revenues', 'expenses'];

/** Each fund's position from the period's figures, in `funds` order. */
export function fundPositions(
  accounts: readonly StatementAccount[],
  figures: FiguresByAccount,
): FundPosition[] {
  return funds.map((fund) => {
    let opening = 0;
    let contributions = 0;
    let expenses = 0;
    let transfers = 0;
    let bankHoldings = 0;
    let otherNet = 0;
    for (const account of accounts) {
      if (account.fund !== fund) continue;
      const f = figures.get(account.aid);
      if (!f) continue;
      const section = sectionOf(account);
      if (equitySections.includes(section)) opening -= f.opening;
      if (section === 'revenues') contributions += f.credits - f.debits;
      else if (section === 'expenses') expenses += f.debits - f.credits;
      else if (section === 'capital') transfers += f.credits - f.debits;
      else if (section === 'banks') bankHoldings += closingOf(f);
      else otherNet += closingOf(f);
    }
    const closing = opening + contributions - expenses + transfers;
    return {
      fund,
      opening: cents(opening),
      contributions: cents(contributions),
      expenses: cents(expenses),
      transfers: cents(transfers),
      closing: cents(closing),
      bankHoldings: cents(bankHoldings),
      otherNet: cents(otherNet),
      heldElsewhere: cents(closing - bankHoldings - otherNet),
    };
  });
}

/** The warnings of the funds shown: a fund's money elsewhere, or another fund's money in it. */
export function fundWarnings(positions: readonly FundPosition[], fund: FundFilter): FundWarning[] {
  return positions.flatMap((p): FundWarning[] => {
    if (!inFund(p, fund) || p.heldElsewhere === 0) return [];
    // Over all funds, the operating fund's difference is the others' mirrored.
    if (fund === 'all' && p.fund === 'operating') return [];
    return p.heldElsewhere > 0
      ? [{ kind: 'moneyElsewhere', fund: p.fund, amount: p.heldElsewhere }]
      : [{ kind: 'holdsOtherFunds', fund: p.fund, amount: cents(-p.heldElsewhere) }];
  });
}

export interface FundsStatementInput {
  accounts: readonly StatementAccount[];
  figures: FiguresByAccount;
  budget: BudgetMonths | null;
  from: string;
  to: string;
  fund: FundFilter;
}

export function fundsStatement(input: FundsStatementInput): FundsStatement {
  const { accounts, budget, fund } = input;
  const positions = fundPositions(accounts, input.figures);
  const revenues = accounts.filter((a) => sectionOf(a) === 'revenues');
  const contingencyRevenues = revenues.filter((a) => a.fund === 'contingency');
  const annual = (list: readonly StatementAccount[]): Cents | null =>
    budget ? cents(list.reduce((s, a) => s + annualBudget(budget, a.aid), 0)) : null;
  const annualContingency = annual(contingencyRevenues);
  const annualContributions = annual(revenues);
  const share =
    annualContingency === null || annualContributions === null || annualContributions === 0
      ? null
      : annualContingency / annualContributions;
  const contingency: ContingencyCheck | null =
    fund === 'all' || fund === 'contingency'
      ? {
          budgeted: budget
            ? cents(
                contingencyRevenues.reduce(
                  (s, a) => s + budgetBetween(budget, a.aid, input.from, input.to),
                  0,
                ),
              )
            : null,
          received: positions.find((p) => p.fund === 'contingency')?.contributions ?? cents(0),
          annualContingency,
          annualContributions,
          share,
          underMinimum: share !== null && share < contingencyMinimum,
        }
      : null;
  return {
    funds: positions.filter((p) => inFund(p, fund)),
    contingency,
    warnings: [
      ...fundWarnings(positions, fund),
      ...(contingency?.underMinimum && share !== null
        ? [{ kind: 'contingencyUnderMinimum' as const, share }]
        : []),
    ],
  };
}
