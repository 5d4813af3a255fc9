import { translate } from '../i18n/index';
import { localeOf, type Language } from '../locale';
import { cents, formatMoney, type Cents } from '../money';
import type { MoneyCell, ReportCell, ReportColumn } from '../registry-reports';
import { agingBuckets } from '../schemas/receivables';
import type {
  ApprovalStatus,
  CheckRegister,
  CheckRegisterStatus,
  InvoicesByCategory,
  PayablesAging,
  PaymentsByMethod,
  SupplierTotals,
} from '../schemas/payables';

/**
 * Issue 15: the payables reports (`suppliers/reports`, `payments/reports`) as tables, the same for
 * the page, the PDF, the spreadsheet and the CSV: every word in the reader's language, every amount
 * both as cents (spreadsheets) and as text.
 */

/** The first day of each month from `from`'s to `to`'s (ISO dates), in order. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (current > last) return months;
    months.push(`${current}-01`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** Sums by month spread over the report's `months` (a month with none is 0), and their total. */
export function monthlyAmounts(
  sums: readonly { month: string; amount: Cents }[],
  months: readonly string[],
): { months: Cents[]; total: Cents } {
  const byMonth = new Map<string, number>();
  for (const sum of sums) byMonth.set(sum.month, (byMonth.get(sum.month) ?? 0) + sum.amount);
  const amounts = months.map((month) => cents(byMonth.get(month) ?? 0));
  return { months: amounts, total: cents(amounts.reduce((total, amount) => total + amount, 0)) };
}

/** What a check payment stands at: a voided check first, then the payment's life, then the printing. */
export function checkRegisterStatus(payment: {
  status: 'pending' | 'posted' | 'cancelled';
  approvalStatus: ApprovalStatus;
  checkPrinted: boolean;
  checkVoided: boolean;
}): CheckRegisterStatus {
  if (payment.checkVoided) return 'voided';
  if (payment.status === 'cancelled') return 'cancelled';
  if (payment.approvalStatus === 'rejected') return 'rejected';
  if (payment.status === 'pending') return 'pendingApproval';
  return payment.checkPrinted ? 'printed' : 'notPrinted';
}

/** The checks that took money out of the bank: the register's total counts only these. */
export const checkIssued = (status: CheckRegisterStatus): boolean =>
  status === 'printed' || status === 'notPrinted';

/** A column of a payables report: its header in the reader's language, and what its cells hold. */
export interface PayablesReportColumn {
  label: string;
  kind: ReportColumn['kind'];
}

/** One payables report as a table, every word already in the reader's language. */
export interface PayablesReportTable {
  columns: PayablesReportColumn[];
  rows: ReportCell[][];
  /** Rows that sum up the others, drawn bold. */
  totalRows: number[];
}

export interface PayablesReportFormat {
  language: Language;
  /** ISO 4217 code of the building's currency. */
  currency: string;
}

function formatter({ language, currency }: PayablesReportFormat) {
  const monthName = new Intl.DateTimeFormat(localeOf(language), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  return {
    t,
    amount: (value: number): MoneyCell => ({ cents: value, text: formatMoney(value, currency, language) }),
    column: (key: string, kind: ReportColumn['kind'] = 'text'): PayablesReportColumn => ({
      label: t(`payablesReports.columns.${key}`),
      kind,
    }),
    /** A column per month, headed by its short name ("Jan 2026", "janv. 2026"). */
    monthColumns: (months: readonly string[]): PayablesReportColumn[] =>
      months.map((month) => ({ label: monthName.format(new Date(`${month}T00:00:00Z`)), kind: 'money' })),
  };
}

/** The rows, then their total row when there are any. */
const withTotal = (
  rows: ReportCell[][],
  total: ReportCell[],
): Pick<PayablesReportTable, 'rows' | 'totalRows'> =>
  rows.length > 0 ? { rows: [...rows, total], totalRows: [rows.length] } : { rows, totalRows: [] };

/** Each supplier's open payables: current, 30, 60 and 90+ days, and their total. */
export function payablesAgingTable(aging: PayablesAging, format: PayablesReportFormat): PayablesReportTable {
  const { amount, t, column } = formatter(format);
  return {
    columns: [
      column('supplier'),
      ...agingBuckets.map((bucket) => column(bucket, 'money')),
      column('total', 'money'),
    ],
    ...withTotal(
      aging.rows.map((row) => [
        row.supplierName,
        ...agingBuckets.map((bucket) => amount(row.buckets[bucket])),
        amount(row.total),
      ]),
      [
        t('payablesReports.total'),
        ...agingBuckets.map((bucket) => amount(aging.totals[bucket])),
        amount(aging.total),
      ],
    ),
  };
}

/** Each expense category's amounts before taxes by month, then each tax's, then the total. */
export function invoicesByCategoryTable(
  report: InvoicesByCategory,
  format: PayablesReportFormat,
): PayablesReportTable {
  const { amount, t, column, monthColumns } = formatter(format);
  const figures = (line: { months: number[]; total: number }) => [
    ...line.months.map(amount),
    amount(line.total),
  ];
  return {
    columns: [column('category'), ...monthColumns(report.months), column('total', 'money')],
    ...withTotal(
      [
        ...report.categories.map((category) => [category.categoryName, ...figures(category)]),
        ...report.taxes.map((tax) => [
          t('payablesReports.taxRow', { tax: t(`admin.taxCodes.${tax.code}`) }),
          ...figures(tax),
        ]),
      ],
      [t('payablesReports.total'), ...figures(report.totals)],
    ),
  };
}

/** The fiscal year's figures of each supplier. */
export function supplierTotalsTable(
  report: SupplierTotals,
  format: PayablesReportFormat,
): PayablesReportTable {
  const { amount, t, column } = formatter(format);
  const figures = (row: SupplierTotals['totals']): ReportCell[] => [
    String(row.invoiceCount),
    amount(row.invoiced),
    amount(row.creditNotes),
    amount(row.net),
    amount(row.taxes),
    amount(row.paid),
    amount(row.recurringPaid),
  ];
  return {
    columns: [
      column('supplier'),
      column('invoiceCount'),
      column('invoiced', 'money'),
      column('creditNotes', 'money'),
      column('net', 'money'),
      column('taxes', 'money'),
      column('paid', 'money'),
      column('recurringPaid', 'money'),
    ],
    ...withTotal(
      report.rows.map((row) => [row.supplierName, ...figures(row)]),
      [t('payablesReports.total'), ...figures(report.totals)],
    ),
  };
}

/** Every check payment with its number, date, payee, bank, status and amount, and what was issued. */
export function checkRegisterTable(
  register: CheckRegister,
  format: PayablesReportFormat,
): PayablesReportTable {
  const { amount, t, column } = formatter(format);
  const statusText = (row: CheckRegister['rows'][number]) =>
    row.status === 'voided' && row.voidReason
      ? t('payablesReports.statuses.voidedBecause', { reason: row.voidReason })
      : t(`payablesReports.statuses.${row.status}`);
  return {
    columns: [
      column('checkNumber'),
      column('date', 'date'),
      column('payee'),
      column('bank'),
      column('status'),
      column('amount', 'money'),
    ],
    ...withTotal(
      register.rows.map((row) => [
        row.checkNumber ?? '',
        row.date,
        row.payee,
        row.bankName,
        statusText(row),
        amount(row.amount),
      ]),
      ['', '', '', '', t('payablesReports.checksIssued'), amount(register.total)],
    ),
  };
}

/** Posted payments of each method by month, and their total. */
export function paymentsByMethodTable(
  report: PaymentsByMethod,
  format: PayablesReportFormat,
): PayablesReportTable {
  const { amount, t, column, monthColumns } = formatter(format);
  const figures = (line: { months: number[]; total: number }) => [
    ...line.months.map(amount),
    amount(line.total),
  ];
  return {
    columns: [
      column('method'),
      column('paymentCount'),
      ...monthColumns(report.months),
      column('total', 'money'),
    ],
    ...withTotal(
      report.methods.map((line) => [
        t(`admin.paymentMethods.${line.method}`),
        String(line.count),
        ...figures(line),
      ]),
      [
        t('payablesReports.total'),
        String(report.methods.reduce((count, line) => count + line.count, 0)),
        ...figures(report.totals),
      ],
    ),
  };
}
