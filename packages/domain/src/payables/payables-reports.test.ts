import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { cellText } from '../registry-reports';
import { addDays } from '../time';
import {
  checkRegisterStatus,
  checkRegisterTable,
  invoicesByCategoryTable,
  monthlyAmounts,
  monthsOf,
  paymentsByMethodTable,
  payablesAgingTable,
  supplierTotalsTable,
  type PayablesReportTable,
} from './payables-reports';

const uuid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const en = { language: 'en', currency: 'CAD' } as const;
const fr = { language: 'fr', currency: 'CAD' } as const;
const c = cents;

/** The table as a page shows it: headers, and cells as text. */
const shown = (table: PayablesReportTable) => ({
  columns: table.columns.map((column) => column.label),
  rows: table.rows.map((row) => row.map(cellText)),
  totalRows: table.totalRows,
});

describe('report months', () => {
  it('lists the first day of every month of a period, across a year end', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(monthsOf('2026-03-31', '2026-03-01')).toEqual(['2026-03-01']);
    expect(monthsOf('2026-04-01', '2026-03-31')).toEqual([]);
  });

  it('has as many months as the period spans, each once, in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 1200 }), (start, length) => {
        const from = addDays('2020-01-01', start);
        const to = addDays(from, length);
        const months = monthsOf(from, to);
        const spanned =
          (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
          Number(to.slice(5, 7)) -
          Number(from.slice(5, 7)) +
          1;
        expect(months).toHaveLength(spanned);
        expect(months[0]).toBe(`${from.slice(0, 7)}-01`);
        expect(months.at(-1)).toBe(`${to.slice(0, 7)}-01`);
        expect([...months].sort()).toEqual(months);
      }),
    );
  });

  it('spreads sums over the months, adding those of one month, and totals them', () => {
    const months = ['2026-01-01', '2026-02-01', '2026-03-01'];
    expect(
      monthlyAmounts(
        [
          { month: '2026-03-01', amount: c(500) },
          { month: '2026-01-01', amount: c(100) },
          { month: '2026-03-01', amount: c(-50) },
        ],
        months,
      ),
    ).toEqual({ months: [100, 0, 450], total: 550 });
  });
});

describe('check register status', () => {
  const posted = {
    status: 'posted',
    approvalStatus: 'notRequired',
    checkPrinted: false,
    checkVoided: false,
  } as const;
  it('reads a payment’s approval, then its printing, a voided check first', () => {
    expect(checkRegisterStatus(posted)).toBe('notPrinted');
    expect(checkRegisterStatus({ ...posted, checkPrinted: true })).toBe('printed');
    expect(checkRegisterStatus({ ...posted, checkPrinted: true, checkVoided: true })).toBe('voided');
    expect(checkRegisterStatus({ ...posted, status: 'pending', approvalStatus: 'pending' })).toBe(
      'pendingApproval',
    );
    expect(checkRegisterStatus({ ...posted, status: 'pending', approvalStatus: 'rejected' })).toBe(
      'rejected',
    );
    expect(checkRegisterStatus({ ...posted, status: 'cancelled', approvalStatus: 'rejected' })).toBe(
      'cancelled',
    );
  });
});

describe('payables report tables', () => {
  it('writes the aging with a total row, in the reader’s language', () => {
    const aging = {
      asOf: '2026-06-30',
      rows: [
        {
          supplierUuid: uuid(1),
          supplierName: 'Déneigement Nord',
          buckets: { current: c(100), days30: c(0), days60: c(0), days90: c(250_000) },
          total: c(250_100),
        },
      ],
      totals: { current: c(100), days30: c(0), days60: c(0), days90: c(250_000) },
      total: c(250_100),
    };
    expect(shown(payablesAgingTable(aging, en))).toEqual({
      columns: ['Supplier', 'Current', '30 days', '60 days', '90 days and more', 'Total'],
      rows: [
        ['Déneigement Nord', '$1.00', '$0.00', '$0.00', '$2,500.00', '$2,501.00'],
        ['Total', '$1.00', '$0.00', '$0.00', '$2,500.00', '$2,501.00'],
      ],
      totalRows: [1],
    });
    expect(shown(payablesAgingTable(aging, fr)).columns[4]).toBe('90 jours et plus');
    expect(shown(payablesAgingTable({ ...aging, rows: [] }, en)).rows).toEqual([]);
  });

  it('heads a column per month and names each tax', () => {
    const table = invoicesByCategoryTable(
      {
        from: '2026-01-01',
        to: '2026-02-28',
        months: ['2026-01-01', '2026-02-01'],
        categories: [
          { categoryUuid: uuid(2), categoryName: 'Repairs', months: [c(1_000), c(-200)], total: c(800) },
        ],
        taxes: [{ code: 'GST', months: [c(50), c(-10)], total: c(40) }],
        totals: { months: [c(1_050), c(-210)], total: c(840) },
      },
      fr,
    );
    expect(shown(table)).toEqual({
      columns: ['Catégorie', 'janv. 2026', 'févr. 2026', 'Total'],
      rows: [
        ['Repairs', '10,00\u00a0$', '-2,00\u00a0$', '8,00\u00a0$'],
        ['Taxes : TPS (fédérale)', '0,50\u00a0$', '-0,10\u00a0$', '0,40\u00a0$'],
        ['Total', '10,50\u00a0$', '-2,10\u00a0$', '8,40\u00a0$'],
      ],
      totalRows: [2],
    });
    expect(table.columns.map((column) => column.kind)).toEqual(['text', 'money', 'money', 'money']);
  });

  it('writes each supplier’s totals, each check with its status, each method’s payments', () => {
    const figures = {
      invoiceCount: 3,
      invoiced: c(10_000),
      creditNotes: c(1_000),
      net: c(9_000),
      taxes: c(900),
      paid: c(5_000),
      recurringPaid: c(0),
    };
    expect(
      shown(
        supplierTotalsTable(
          {
            from: '2026-01-01',
            to: '2026-12-31',
            rows: [{ supplierUuid: uuid(1), supplierName: 'Nord', ...figures }],
            totals: figures,
          },
          en,
        ),
      ).rows,
    ).toEqual([
      ['Nord', '3', '$100.00', '$10.00', '$90.00', '$9.00', '$50.00', '$0.00'],
      ['Total', '3', '$100.00', '$10.00', '$90.00', '$9.00', '$50.00', '$0.00'],
    ]);

    const check = {
      paymentUuid: uuid(3),
      checkNumber: '101',
      date: '2026-03-02',
      supplierUuid: uuid(1),
      payee: 'Nord',
      bankUuid: uuid(4),
      bankName: 'Caisse',
      amount: c(12_345),
      status: 'printed',
      voidReason: null,
    } as const;
    expect(
      shown(
        checkRegisterTable(
          {
            from: '2026-01-01',
            to: '2026-12-31',
            bankUuid: null,
            rows: [check, { ...check, checkNumber: '102', status: 'voided', voidReason: 'Torn' }],
            total: c(12_345),
          },
          en,
        ),
      ).rows,
    ).toEqual([
      ['101', '2026-03-02', 'Nord', 'Caisse', 'Printed', '$123.45'],
      ['102', '2026-03-02', 'Nord', 'Caisse', 'Voided: Torn', '$123.45'],
      ['', '', '', '', 'Checks issued', '$123.45'],
    ]);

    expect(
      shown(
        paymentsByMethodTable(
          {
            from: '2026-01-01',
            to: '2026-01-31',
            months: ['2026-01-01'],
            methods: [
              { method: 'check', count: 2, months: [c(300)], total: c(300) },
              { method: 'wire-transfer', count: 1, months: [c(50)], total: c(50) },
            ],
            totals: { months: [c(350)], total: c(350) },
          },
          en,
        ),
      ),
    ).toEqual({
      columns: ['Payment method', 'Payments', 'Jan 2026', 'Total'],
      rows: [
        ['Check', '2', '$3.00', '$3.00'],
        ['Wire transfer', '1', '$0.50', '$0.50'],
        ['Total', '3', '$3.50', '$3.50'],
      ],
      totalRows: [2],
    });
  });
});
