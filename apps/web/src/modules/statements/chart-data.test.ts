import { describe, expect, it } from 'vitest';
import { funds } from '@copro/domain';
import { chartMoney, statementChart } from './chart-data';

const months = [
  { month: '2026-01', label: 'Jan', revenues: 12000, expenses: 9500.5 },
  { month: '2026-02', label: 'Feb', revenues: 12000, expenses: 14000 },
];
const fundBalances = [
  { fund: 'selfInsurance', label: 'Self-insurance fund', balance: 0, bankHoldings: 0 },
  { fund: 'operating', label: 'Operating fund', balance: 8000, bankHoldings: 7000 },
  { fund: 'contingency', label: 'Contingency fund', balance: 25000, bankHoldings: 26000 },
] as const;

describe('statementChart', () => {
  it('draws revenues against expenses by month on the income statement', () => {
    expect(statementChart('income-statement', { revenueVsExpenses: months })).toEqual({
      kind: 'revenueVsExpenses',
      data: [
        { label: 'Jan', revenues: 12000, expenses: 9500.5 },
        { label: 'Feb', revenues: 12000, expenses: 14000 },
      ],
    });
  });

  it('draws the funds in their own order, each balance beside its banks', () => {
    const chart = statementChart('funds', { fundBalances: [...fundBalances] });
    expect(chart?.kind).toBe('fundBalances');
    expect(chart?.data.map((bar) => bar.label)).toEqual([
      'Operating fund',
      'Contingency fund',
      'Self-insurance fund',
    ]);
    expect(chart?.data[1]).toEqual({ label: 'Contingency fund', balance: 25000, bankHoldings: 26000 });
    expect(funds).toEqual(['operating', 'contingency', 'selfInsurance']);
  });

  it('leaves out a chart with nothing to show, and charts on other statements', () => {
    expect(statementChart('income-statement', {})).toBeNull();
    expect(
      statementChart('income-statement', {
        revenueVsExpenses: months.map((m) => ({ ...m, revenues: 0, expenses: 0 })),
      }),
    ).toBeNull();
    expect(
      statementChart('funds', {
        fundBalances: fundBalances.map((f) => ({ ...f, balance: 0, bankHoldings: 0 })),
      }),
    ).toBeNull();
    expect(
      statementChart('balance-sheet', { revenueVsExpenses: months, fundBalances: [...fundBalances] }),
    ).toBeNull();
    expect(statementChart('cash-flow', { revenueVsExpenses: months })).toBeNull();
  });
});

describe('chartMoney', () => {
  it("writes whole amounts of the currency in the reader's language", () => {
    expect(chartMoney('CAD', 'en')(12345.67)).toBe('$12,346');
    // French groups thousands with a narrow no-break space and puts the symbol after.
    expect(chartMoney('CAD', 'fr')(12345.67).replace(/\s/g, ' ')).toBe('12 346 $');
  });
});
