import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { cellText, type MoneyCell, type ReportCell } from '../registry-reports';
import { ageReceivable, type UnitPosting } from './aging';
import {
  agingReportTable,
  clampToYear,
  isReceivablesReport,
  paymentsReceivedTable,
  statementTable,
} from './receivables-reports';
import { statementOf } from './statement';

const centsIn = (cell: ReportCell | undefined): number => (cell as MoneyCell).cents;
const posting = (date: string, amount: number, kind = 'unitMonthlyFee'): UnitPosting => ({
  uuid: `${date}-${amount}`,
  date,
  kind,
  description: 'Fees',
  amount: cents(amount),
});

describe('receivables reports', () => {
  it('names its reports', () => {
    expect(isReceivablesReport('receivables-aging')).toBe(true);
    expect(isReceivablesReport('roster')).toBe(false);
    expect(clampToYear('2027-03-01', '2026-01-01', '2026-12-31')).toBe('2026-12-31');
    expect(clampToYear('2025-03-01', '2026-01-01', '2026-12-31')).toBe('2026-01-01');
    expect(clampToYear('2026-03-01', '2026-01-01', '2026-12-31')).toBe('2026-03-01');
  });

  it('ages each account and adds a totals row that sums every column', () => {
    const table = agingReportTable(
      [
        {
          unitNumber: '101',
          former: false,
          aid: 7,
          ownerNames: ['Ann Lee', 'Bo Lee'],
          aging: ageReceivable([posting('2026-01-01', 10_000), posting('2026-03-20', 5_000)], '2026-04-01'),
        },
        {
          unitNumber: '102',
          former: true,
          aid: 8,
          ownerNames: ['Cy'],
          aging: ageReceivable([posting('2026-02-15', 2_000)], '2026-04-01'),
        },
      ],
      { language: 'fr', currency: 'CAD' },
    );
    expect(table.columns.map((c) => c.kind)).toEqual([
      'text',
      'text',
      'money',
      'money',
      'money',
      'money',
      'money',
    ]);
    expect(table.rows.map((row) => row.map((cell, i) => (i < 2 ? cellText(cell) : centsIn(cell))))).toEqual([
      ['101', 'Ann Lee, Bo Lee', 15_000, 5_000, 0, 0, 10_000],
      ['102 (ancien propriétaire, compte 8)', 'Cy', 2_000, 0, 2_000, 0, 0],
      ['Total', '', 17_000, 5_000, 2_000, 0, 10_000],
    ]);
    expect(table.totalRows).toEqual([2]);
    expect(cellText(table.rows[0]?.[2])).toBe('150,00\u00a0$');
  });

  it('draws a statement with its opening, lines, totals and closing rows', () => {
    const figures = statementOf(
      [
        posting('2026-01-01', 30_000),
        posting('2026-02-01', 30_000),
        posting('2026-02-10', -45_000, 'unitPayment'),
      ],
      { from: '2026-02-01', to: '2026-02-28' },
    );
    const table = statementTable(figures, { language: 'en', currency: 'CAD' });
    expect(table.rows.map((row) => row.map(cellText))).toEqual([
      ['2026-02-01', '', 'Opening balance', '', '', '$300.00'],
      ['2026-02-01', 'Monthly contribution', 'Fees', '$300.00', '', '$600.00'],
      ['2026-02-10', 'Payment', 'Fees', '', '$450.00', '$150.00'],
      ['', '', 'Totals', '$300.00', '$450.00', ''],
      ['2026-02-28', '', 'Closing balance', '', '', '$150.00'],
    ]);
    expect(table.totalRows).toEqual([0, 3, 4]);
  });

  it('lists payments received with their method in the reader’s language and a total', () => {
    const table = paymentsReceivedTable(
      [
        {
          date: '2026-02-01',
          unitNumber: '101',
          method: 'check',
          checkNumber: '42',
          description: 'Deposit',
          amount: cents(30_000),
        },
        {
          date: '2026-02-03',
          unitNumber: '102',
          method: 'credit-note',
          checkNumber: null,
          description: 'Refund',
          amount: cents(1_000),
        },
      ],
      { language: 'fr', currency: 'CAD' },
    );
    expect(table.rows.map((row) => row.map(cellText))).toEqual([
      ['2026-02-01', '101', 'Chèque', '42', 'Deposit', '300,00\u00a0$'],
      ['2026-02-03', '102', 'Note de crédit', '', 'Refund', '10,00\u00a0$'],
      ['', '', '', '', 'Total', '310,00\u00a0$'],
    ]);
    expect(paymentsReceivedTable([], { language: 'en', currency: 'CAD' }).rows).toEqual([]);
  });
});
