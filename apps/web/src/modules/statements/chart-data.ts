import { funds, localeOf, type FinancialStatement, type Language, type StatementCharts } from '@copro/domain';

/**
 * The charts a statement's page draws from the server's `charts`: revenues against expenses per
 * month on the income statement, each fund's balance against its banks' holdings on the funds
 * statement. A chart with nothing to show (no month, or every bar at zero) is left out.
 */

export interface RevenueExpenseBar {
  label: string;
  revenues: number;
  expenses: number;
}

export interface FundBar {
  label: string;
  balance: number;
  bankHoldings: number;
}

export type StatementChart =
  { kind: 'revenueVsExpenses'; data: RevenueExpenseBar[] } | { kind: 'fundBalances'; data: FundBar[] };

const allZero = (values: number[]): boolean => values.every((value) => value === 0);

export function statementChart(
  statement: FinancialStatement,
  charts: StatementCharts,
): StatementChart | null {
  if (statement === 'income-statement') {
    const data = (charts.revenueVsExpenses ?? []).map(({ label, revenues, expenses }) => ({
      label,
      revenues,
      expenses,
    }));
    return allZero(data.flatMap((bar) => [bar.revenues, bar.expenses]))
      ? null
      : { kind: 'revenueVsExpenses', data };
  }
  if (statement === 'funds') {
    // In the funds' own order (operating, contingency, self-insurance), whatever order they came in.
    const data = [...(charts.fundBalances ?? [])]
      .sort((a, b) => funds.indexOf(a.fund) - funds.indexOf(b.fund))
      .map(({ label, balance, bankHoldings }) => ({ label, balance, bankHoldings }));
    return allZero(data.flatMap((bar) => [bar.balance, bar.bankHoldings]))
      ? null
      : { kind: 'fundBalances', data };
  }
  return null;
}

/** A chart's amount (dollars) in whole units of the building's currency, the way the reader's language writes it. */
export const chartMoney = (currency: string, language: Language) => {
  const format = new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  });
  return (value: number): string => format.format(value);
};
