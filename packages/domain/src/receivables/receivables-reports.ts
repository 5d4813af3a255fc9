import { z } from 'zod';
import { formatMoney, sumCents, type Cents } from '../money';
import { translate } from '../i18n/index';
import type { Language } from '../locale';
import type { MoneyCell, ReportCell, ReportColumn } from '../registry-reports';
import { isoDateSchema } from '../schemas/common';
import { agingBuckets } from '../schemas/receivables';
import { recordUuidSchema } from '../schemas/registry';
import type { Aging } from './aging';
import type { StatementFigures } from './statement';

/** DOMAIN 10: the receivables reports, beside the registry and budget reports (reports/:report). */
export const receivablesReports = ['receivables-aging', 'statements', 'payments-received'] as const;
export type ReceivablesReport = (typeof receivablesReports)[number];
export const isReceivablesReport = (value: string): value is ReceivablesReport =>
  (receivablesReports as readonly string[]).includes(value);

/**
 * What the receivables reports read from the query: a period (statements, payments received;
 * default the fiscal year), a date to age at (aging; default today) and one unit (statements).
 */
export const receivablesReportQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  asOf: isoDateSchema.optional(),
  unitUuid: recordUuidSchema.optional(),
});
export type ReceivablesReportQuery = z.infer<typeof receivablesReportQuerySchema>;

/** `date` brought inside the fiscal year [start, end]. */
export const clampToYear = (date: string, start: string, end: string): string =>
  date < start ? start : date > end ? end : date;

/** One table of a receivables report, its header keys still to translate (like the budget report). */
export interface ReceivablesReportTable {
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** Rows that sum up the others, drawn bold. */
  totalRows: number[];
}

interface Format {
  language: Language;
  /** ISO 4217 code of the building's currency. */
  currency: string;
}

const column = (key: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({
  key: `receivablesReports.columns.${key}`,
  kind,
});

function formatter({ language, currency }: Format) {
  return {
    amount: (cents: number): MoneyCell => ({ cents, text: formatMoney(cents, currency, language) }),
    t: (key: string, params?: Record<string, string | number>) =>
      translate(language, `receivablesReports.${key}`, params),
  };
}

/** One receivable account of the aging report: a unit's current account or a former owner's. */
export interface AgingReportRow {
  unitNumber: string;
  /** The account of a former owner, left to be settled after a sale. */
  former: boolean;
  aid: number;
  ownerNames: string[];
  aging: Aging;
}

/** DOMAIN 10: each account's balance split into current, 30, 60 and 90+ days, and the totals. */
export function agingReportTable(
  accounts: readonly AgingReportRow[],
  format: Format,
): ReceivablesReportTable {
  const { amount, t } = formatter(format);
  const totals = { balance: 0, current: 0, days30: 0, days60: 0, days90: 0 };
  const rows: ReportCell[][] = accounts.map((account) => {
    totals.balance += account.aging.balance;
    for (const bucket of agingBuckets) totals[bucket] += account.aging.buckets[bucket];
    return [
      account.former
        ? t('formerAccount', { unit: account.unitNumber, aid: account.aid })
        : account.unitNumber,
      account.ownerNames.join(', '),
      amount(account.aging.balance),
      ...agingBuckets.map((bucket) => amount(account.aging.buckets[bucket])),
    ];
  });
  if (rows.length > 0) {
    rows.push([t('total'), '', amount(totals.balance), ...agingBuckets.map((b) => amount(totals[b]))]);
  }
  return {
    columns: [
      column('unit'),
      column('owners'),
      column('balance', 'money'),
      ...agingBuckets.map((bucket) => column(bucket, 'money')),
    ],
    rows,
    totalRows: rows.length > 0 ? [rows.length - 1] : [],
  };
}

/** DOMAIN 1: a statement as a table: the opening balance, each line, the totals and the closing balance. */
export function statementTable(figures: StatementFigures, format: Format): ReceivablesReportTable {
  const { amount, t } = formatter(format);
  const kindName = (kind: string) => translate(format.language, `transactions.kinds.${kind}`);
  const rows: ReportCell[][] = [
    [figures.from, '', t('openingBalance'), '', '', amount(figures.openingBalance)],
    ...figures.lines.map((line) => [
      line.date,
      kindName(line.kind),
      line.description,
      line.invoiced !== 0 ? amount(line.invoiced) : '',
      line.paid !== 0 ? amount(line.paid) : '',
      amount(line.balance),
    ]),
    ['', '', t('totals'), amount(figures.totalInvoiced), amount(figures.totalPaid), ''],
    [figures.to, '', t('closingBalance'), '', '', amount(figures.closingBalance)],
  ];
  return {
    columns: [
      column('date', 'date'),
      column('kind'),
      column('description'),
      column('invoiced', 'money'),
      column('paid', 'money'),
      column('balance', 'money'),
    ],
    rows,
    totalRows: [0, rows.length - 2, rows.length - 1],
  };
}

/** A payment or credit a unit account received. */
export interface ReceivedPayment {
  date: string;
  unitNumber: string;
  /** A payment method (SPEC 9), `credit-note` for a credit note, or null when none was recorded. */
  method: string | null;
  checkNumber: string | null;
  description: string;
  amount: Cents;
}

/** Payments and credits received in a period, oldest first, and their total. */
export function paymentsReceivedTable(
  payments: readonly ReceivedPayment[],
  format: Format,
): ReceivablesReportTable {
  const { amount, t } = formatter(format);
  const methodName = (method: string | null) =>
    method ? translate(format.language, `admin.paymentMethods.${method}`) : '';
  const rows: ReportCell[][] = payments.map((p) => [
    p.date,
    p.unitNumber,
    methodName(p.method),
    p.checkNumber ?? '',
    p.description,
    amount(p.amount),
  ]);
  if (rows.length > 0) {
    rows.push(['', '', '', '', t('total'), amount(sumCents(payments.map((p) => p.amount)))]);
  }
  return {
    columns: [
      column('date', 'date'),
      column('unit'),
      column('method'),
      column('checkNumber'),
      column('description'),
      column('amount', 'money'),
    ],
    rows,
    totalRows: rows.length > 0 ? [rows.length - 1] : [],
  };
}
