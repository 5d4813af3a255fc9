import { monthsOf } from '../payables/payables-reports';
import { cents, type Cents } from '../money';
import type { FundFilter } from '../schemas/statements';
import { monthOf } from '../time';
import { accountKey } from './balance-sheet';
import { annualBudget, budgetBetween, type BudgetMonths } from './budget-months';
import { byAid, inFund, sectionOf, type AccountMovement, type StatementAccount } from './statement-accounts';

/**
 * DOMAIN 10: the income statement for a period, revenues − expenses per category, with the
 * budget beside it (DOMAIN 3):
 *
 * - a revenue is what its category was credited less what it was debited; an expense the reverse;
 * - the month column is the month of the period's last day (from the period's start when the
 *   period starts within that month), the period column the whole period (the year to date when
 *   the period starts on the year's first day);
 * - the budget of the month and of the period are the budget's months they touch
 *   (`budgetMonths`); the annual budget is the whole year's;
 * - variance = actual − budget for revenues and budget − actual for expenses, over the period: a
 *   positive variance is in the syndicate's favour, so the surplus's variance is their sum;
 * - % used = the period's actual ÷ the annual budget (none without an annual budget);
 * - a category is listed when it moved in the period or has a budget.
 *
 * With one fund (DOMAIN 12), only that fund's categories and their budget count.
 */

export type IncomeSectionName = 'revenues' | 'expenses';

export interface IncomeAmounts {
  month: Cents;
  period: Cents;
  /** Null when there is no budget at all. */
  monthBudget: Cents | null;
  periodBudget: Cents | null;
  annualBudget: Cents | null;
  variance: Cents | null;
  /** Period ÷ annual budget; null without an annual budget. */
  used: number | null;
}

export interface IncomeLine extends IncomeAmounts {
  key: string;
  account: StatementAccount;
}

export interface IncomeSection {
  section: IncomeSectionName;
  lines: IncomeLine[];
  totals: IncomeAmounts;
}

export interface IncomeStatement {
  /** The month of the month column, by its 1st. */
  month: string;
  revenues: IncomeSection;
  expenses: IncomeSection;
  /** Revenues − expenses, column by column (% used: none). */
  surplus: IncomeAmounts;
  /** Each month of the period: what the chart shows. */
  months: { month: string; revenues: Cents; expenses: Cents }[];
}

export interface IncomeStatementInput {
  accounts: readonly StatementAccount[];
  /** The period's movements per account and month. */
  movements: readonly AccountMovement[];
  from: string;
  to: string;
  budget: BudgetMonths | null;
  fund: FundFilter;
}

const ratio = (actual: number, annual: number | null): number | null =>
  annual === null || annual === 0 ? null : actual / annual;

const add = (a: Cents | null, b: Cents | null): Cents | null =>
  a === null || b === null ? null : cents(a + b);

function totalsOf(lines: readonly IncomeAmounts[], hasBudget: boolean): IncomeAmounts {
  const total = (pick: (l: IncomeAmounts) => number | null): Cents =>
    cents(lines.reduce((s, l) => s + (pick(l) ?? 0), 0));
  const budgeted = (pick: (l: IncomeAmounts) => number | null): Cents | null =>
    hasBudget ? total(pick) : null;
  const period = total((l) => l.period);
  const annual = budgeted((l) => l.annualBudget);
  return {
    month: total((l) => l.month),
    period,
    monthBudget: budgeted((l) => l.monthBudget),
    periodBudget: budgeted((l) => l.periodBudget),
    annualBudget: annual,
    variance: budgeted((l) => l.variance),
    used: ratio(period, annual),
  };
}

export function incomeStatement(input: IncomeStatementInput): IncomeStatement {
  const { budget, from, to } = input;
  const month = monthOf(to);
  const income = new Map<number, { account: StatementAccount; section: IncomeSectionName }>();
  for (const account of input.accounts) {
    const section = sectionOf(account);
    if ((section === 'revenues' || section === 'expenses') && inFund(account, input.fund))
      income.set(account.aid, { account, section });
  }
  // Revenues are credits, expenses debits: each movement as its section reads it.
  const signed = (m: AccountMovement, section: IncomeSectionName): number =>
    section === 'revenues' ? m.credits - m.debits : m.debits - m.credits;
  const period = new Map<number, number>();
  const inMonth = new Map<number, number>();
  const months = new Map(monthsOf(from, to).map((m) => [m, { revenues: 0, expenses: 0 }]));
  for (const m of input.movements) {
    const found = income.get(m.aid);
    if (!found) continue;
    const amount = signed(m, found.section);
    period.set(m.aid, (period.get(m.aid) ?? 0) + amount);
    if (m.month === month) inMonth.set(m.aid, (inMonth.get(m.aid) ?? 0) + amount);
    const chart = months.get(m.month);
    if (chart) chart[found.section] += amount;
  }
  const lineOf = (account: StatementAccount, section: IncomeSectionName): IncomeLine => {
    const actual = cents(period.get(account.aid) ?? 0);
    const periodBudget = budget ? budgetBetween(budget, account.aid, from, to) : null;
    const annual = budget ? annualBudget(budget, account.aid) : null;
    return {
      key: accountKey(account.aid),
      account,
      month: cents(inMonth.get(account.aid) ?? 0),
      period: actual,
      monthBudget: budget ? budgetBetween(budget, account.aid, month, month) : null,
      periodBudget,
      annualBudget: annual,
      variance:
        periodBudget === null
          ? null
          : cents(section === 'revenues' ? actual - periodBudget : periodBudget - actual),
      used: ratio(actual, annual),
    };
  };
  const sectionOfName = (name: IncomeSectionName): IncomeSection => {
    const lines = [...income.values()]
      .filter((i) => i.section === name)
      .map((i) => i.account)
      .sort(byAid)
      .map((account) => lineOf(account, name))
      .filter((l) => period.has(l.account.aid) || (l.annualBudget ?? 0) !== 0);
    return { section: name, lines, totals: totalsOf(lines, budget !== null) };
  };
  const revenues = sectionOfName('revenues');
  const expenses = sectionOfName('expenses');
  const minus = (a: Cents | null, b: Cents | null): Cents | null =>
    a === null || b === null ? null : cents(a - b);
  const r = revenues.totals;
  const e = expenses.totals;
  return {
    month,
    revenues,
    expenses,
    surplus: {
      month: cents(r.month - e.month),
      period: cents(r.period - e.period),
      monthBudget: minus(r.monthBudget, e.monthBudget),
      periodBudget: minus(r.periodBudget, e.periodBudget),
      annualBudget: minus(r.annualBudget, e.annualBudget),
      variance: add(r.variance, e.variance),
      used: null,
    },
    months: [...months].map(([m, v]) => ({
      month: m,
      revenues: cents(v.revenues),
      expenses: cents(v.expenses),
    })),
  };
}
