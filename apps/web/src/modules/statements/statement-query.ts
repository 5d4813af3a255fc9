import { fundFilters, type BoardPackageQuery, type FinancialStatement, type FundFilter } from '@copro/domain';
import { yearUrl } from '../../app/api-paths';
import {
  dateRequired,
  initialDates,
  periodProblem,
  type ChoiceProblem,
  type ReportDates,
} from '../../ui/report-dates';

/**
 * What the statements page asks the server, kept apart from the page so that it can be tested
 * alone: which boxes each statement shows, the parameters the boxes make, and the addresses of
 * the page's JSON, the files and the board package.
 */

export type StatementFormat = 'json' | 'pdf' | 'xlsx' | 'csv';

/** What the boxes hold: the dates ('' once emptied), the fund, the comparison, the ledger's account (its aid as text, '' for all). */
export interface StatementChoice extends ReportDates {
  statement: FinancialStatement;
  fund: FundFilter;
  compare: boolean;
  account: string;
}

/** The boxes a statement shows. */
export interface StatementControls {
  /** A period (from, to); else one date, the balance sheet's. */
  period: boolean;
  /** The funds statement shows every fund side by side: it has no fund to choose. */
  fund: boolean;
  /** A column for the same period of the previous year; the general ledger's lines have none. */
  compare: boolean;
  /** The general ledger may show one account. */
  account: boolean;
}

export function statementControls(statement: FinancialStatement): StatementControls {
  return {
    period: statement !== 'balance-sheet',
    fund: statement !== 'funds',
    compare: statement !== 'general-ledger',
    account: statement === 'general-ledger',
  };
}

/** The query string's values; each is left out when it says nothing (the server's defaults). */
export interface StatementParams {
  from?: string;
  to?: string;
  fund?: Exclude<FundFilter, 'all'>;
  compare?: true;
  account?: number;
}

type Year = { startDate: string; endDate: string };

/** The page's first choice: the income statement of the year up to today, every fund, no comparison. */
export const initialStatementChoice = (year: Year, today: string): StatementChoice => ({
  ...initialDates(year, today),
  statement: 'income-statement',
  fund: 'all',
  compare: false,
  account: '',
});

const outsideYear: ChoiceProblem = { key: 'statementsPage.outsideYear' };
const inYear = (date: string, year: Year): boolean => date >= year.startDate && date <= year.endDate;

/**
 * The statement's parameters from the boxes, or what is wrong with them: the balance sheet needs
 * its date, the others a period in order; every date within the fiscal year. Boxes the statement
 * does not show add nothing.
 */
export function statementParams(
  choice: StatementChoice,
  year: Year,
): { params: StatementParams; problem: ChoiceProblem | null } {
  const controls = statementControls(choice.statement);
  const dates = controls.period ? { from: choice.from, to: choice.to } : { to: choice.asOf };
  const problem = controls.period ? periodProblem(choice) : choice.asOf ? null : dateRequired;
  if (problem) return { params: {}, problem };
  if (Object.values(dates).some((date) => !inYear(date, year))) return { params: {}, problem: outsideYear };
  const params: StatementParams = { ...dates };
  if (controls.fund && choice.fund !== 'all') params.fund = choice.fund;
  if (controls.compare && choice.compare) params.compare = true;
  const account = Number(choice.account);
  if (controls.account && Number.isInteger(account) && account > 0) params.account = account;
  return { params, problem: null };
}

const queryString = (values: Record<string, string | number | boolean | undefined>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) search.set(name, String(value));
  return search.toString();
};

/** A statement's address: its JSON for the page, or a file the session cookie lets the browser download. */
export const statementUrl = (
  buildingRef: string,
  fiscalYear: string,
  statement: FinancialStatement,
  format: StatementFormat,
  params: StatementParams,
): string =>
  `${yearUrl(buildingRef, fiscalYear)}/financial-statements/${statement}?` +
  queryString({ format, ...params });

export const boardPackageFormats = ['pdf', 'xlsx'] as const satisfies readonly BoardPackageQuery['format'][];

/** The board package of a period, as one PDF or one workbook. */
export const boardPackageUrl = (
  buildingRef: string,
  fiscalYear: string,
  format: BoardPackageQuery['format'],
  period: { from: string; to: string },
): string => `${yearUrl(buildingRef, fiscalYear)}/board-package?` + queryString({ ...period, format });

/** The board package's period from its boxes, or what is wrong with it. */
export function boardPackagePeriod(
  dates: ReportDates,
  year: Year,
): { period: { from: string; to: string } | null; problem: ChoiceProblem | null } {
  const problem = periodProblem(dates);
  if (problem) return { period: null, problem };
  if (!inYear(dates.from, year) || !inYear(dates.to, year)) return { period: null, problem: outsideYear };
  return { period: { from: dates.from, to: dates.to }, problem: null };
}

/** The general ledger's account choices: every account by number, as "aid · name". */
export const accountChoices = <A extends { aid: number }>(
  accounts: readonly A[],
  nameOf: (account: A) => string,
): { value: string; label: string }[] =>
  [...accounts]
    .sort((a, b) => a.aid - b.aid)
    .map((account) => ({ value: String(account.aid), label: `${account.aid} · ${nameOf(account)}` }));

/** The fund box's value: '' (the select's "all") or a fund. */
export const fundFilterOf = (value: string): FundFilter =>
  fundFilters.find((filter) => filter === value) ?? 'all';
