import {
  addDays,
  cents,
  formatMoney,
  longDate,
  readDescription,
  translate,
  type BankReport,
  type Cents,
  type Language,
  type MoneyCell,
  type ReportCell,
  type ReportColumn,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { spreadsheetMoneyFormat } from '../../../platform/documents/render-xlsx';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import type { ReportDocument, ReportTableDocument } from '../../reports';
import {
  banksOfYear,
  endedBy,
  ledgerBalancesAt,
  outstandingItems,
  outstandingTotals,
  periodsOfBank,
  type PeriodFigures,
  type ReportBank,
} from './bank-figures';

/** What a bank report is drawn with: its language and money, and the headings every report shares. */
export interface BankReportContext {
  scope: YearScope;
  language: Language;
  currency: string;
  /** Building, fiscal year and date generated. */
  subtitle: string;
  emptyText: string;
  pageLabel: (page: number | string, pages: number | string) => string;
}

/** Words and cells in the report's language and currency. */
function wordsOf(ctx: BankReportContext) {
  const t = (key: string, params?: Record<string, string | number>) => translate(ctx.language, key, params);
  return {
    t,
    money: (value: number): MoneyCell => ({
      cents: value,
      text: formatMoney(value, ctx.currency, ctx.language),
    }),
    column: (key: string, kind: ReportColumn['kind'] = 'text') => ({
      label: t(`bankReports.columns.${key}`),
      kind,
    }),
  };
}

/** What every document of this area shares beyond its tables. */
const frame = (ctx: BankReportContext) => ({
  subtitle: ctx.subtitle,
  moneyFormat: spreadsheetMoneyFormat(ctx.currency, ctx.language),
  emptyText: ctx.emptyText,
  pageLabel: ctx.pageLabel,
});

/** A period's last day: periods end before their `periodEnd` (DOMAIN 9). */
const lastDayOf = (period: { periodEnd: string }): string => addDays(period.periodEnd, -1);

/**
 * Reconciled (and whether a tick was cancelled since, which moves its difference off zero), open,
 * or reopened by the correction of an earlier period, with or without changes to review.
 */
function statusText(t: ReturnType<typeof wordsOf>['t'], period: PeriodFigures): string {
  if (period.isReconciled)
    return period.difference !== null && period.difference !== 0
      ? t('bankReports.statuses.reconciledChanged')
      : t('bankReports.statuses.reconciled');
  if (period.changes === null) return t('bankReports.statuses.open');
  return period.changes.length === 0
    ? t('bankReports.statuses.reopened')
    : t('bankReports.statuses.reopenedChanges');
}

/** The columns and cells of a list of periods, each under its bank's name. */
function periodTable(ctx: BankReportContext, rows: { bank: ReportBank; period: PeriodFigures }[]) {
  const { t, money, column } = wordsOf(ctx);
  return {
    columns: [
      column('bank'),
      column('from', 'date'),
      column('to', 'date'),
      column('startingBalance', 'money'),
      column('credits', 'money'),
      column('debits', 'money'),
      column('closingBalance', 'money'),
      column('difference', 'money'),
      column('status'),
    ],
    rows: rows.map(({ bank, period }): ReportCell[] => [
      bank.name,
      period.periodStart,
      lastDayOf(period),
      money(period.startingBalance),
      money(period.clearedCredits),
      money(period.clearedDebits),
      period.closingBalance === null ? '' : money(period.closingBalance),
      period.difference === null ? '' : money(period.difference),
      statusText(t, period),
    ]),
  };
}

const sum = (values: readonly number[]): Cents => cents(values.reduce((total, value) => total + value, 0));

/** The rows, then their total row when there are any. */
const withTotal = (rows: ReportCell[][], total: ReportCell[]) =>
  rows.length > 0 ? { rows: [...rows, total], totalRows: [rows.length] } : { rows, totalRows: [] };

/**
 * Balances at the end of `at`: each bank's balance in the books, its fund, the last period ended
 * by then that is reconciled and the statement's balance it closed on, and what was outstanding.
 * Archived banks show only when something is left in them.
 */
async function balancesTable(db: DbOrTx, ctx: BankReportContext, at: string) {
  const { t, money, column } = wordsOf(ctx);
  const banks = await banksOfYear(db, ctx.scope, ctx.language);
  const balances = await ledgerBalancesAt(db, ctx.scope, banks, at);
  const lines = [];
  for (const bank of banks) {
    const balance = balances.get(bank.aid) ?? cents(0);
    const periods = await periodsOfBank(db, ctx.scope.buildingId, bank);
    const reconciled = periods.filter((p) => p.isReconciled && endedBy(p, at)).at(-1);
    const outstanding = outstandingTotals(await outstandingItems(db, ctx.scope.buildingId, bank, at));
    if (bank.archived && balance === 0 && outstanding.count === 0) continue;
    lines.push({ bank, balance, reconciled, outstanding });
  }
  return {
    columns: [
      column('bank'),
      column('fund'),
      column('ledgerBalance', 'money'),
      column('reconciledThrough', 'date'),
      column('statementBalance', 'money'),
      column('outstandingCount'),
      column('outstandingIn', 'money'),
      column('outstandingOut', 'money'),
    ],
    ...withTotal(
      lines.map(({ bank, balance, reconciled, outstanding }): ReportCell[] => [
        bank.name,
        t(`bankReports.funds.${bank.fund}`),
        money(balance),
        reconciled ? lastDayOf(reconciled) : '',
        reconciled?.closingBalance != null ? money(reconciled.closingBalance) : '',
        String(outstanding.count),
        money(outstanding.moneyIn),
        money(outstanding.moneyOut),
      ]),
      [
        t('bankReports.total'),
        '',
        money(sum(lines.map((l) => l.balance))),
        '',
        '',
        String(lines.reduce((total, l) => total + l.outstanding.count, 0)),
        money(sum(lines.map((l) => l.outstanding.moneyIn))),
        money(sum(lines.map((l) => l.outstanding.moneyOut))),
      ],
    ),
  };
}

/** Every bank's periods that start in the fiscal year, by bank and date. */
async function statusTable(db: DbOrTx, ctx: BankReportContext) {
  const rows = [];
  for (const bank of await banksOfYear(db, ctx.scope, ctx.language)) {
    for (const period of await periodsOfBank(db, ctx.scope.buildingId, bank)) {
      if (period.fiscalYear === ctx.scope.fiscalYear) rows.push({ bank, period });
    }
  }
  return { ...periodTable(ctx, rows), totalRows: [] };
}

/** Each bank's outstanding items at the end of `at`, in date order, then the bank's totals. */
async function outstandingTable(db: DbOrTx, ctx: BankReportContext, at: string) {
  const { t, money, column } = wordsOf(ctx);
  const rows: ReportCell[][] = [];
  const totalRows: number[] = [];
  for (const bank of await banksOfYear(db, ctx.scope, ctx.language)) {
    const items = await outstandingItems(db, ctx.scope.buildingId, bank, at);
    if (items.length === 0) continue;
    for (const item of items) {
      rows.push([
        bank.name,
        item.date,
        readDescription(item, ctx.language),
        item.checkNumber ?? '',
        item.amount > 0 ? money(item.amount) : '',
        item.amount < 0 ? money(-item.amount) : '',
      ]);
    }
    const totals = outstandingTotals(items);
    totalRows.push(rows.length);
    rows.push([
      t('bankReports.bankTotal', { bank: bank.name }),
      '',
      '',
      '',
      money(totals.moneyIn),
      money(totals.moneyOut),
    ]);
  }
  return {
    columns: [
      column('bank'),
      column('date', 'date'),
      column('description'),
      column('checkNumber'),
      column('moneyIn', 'money'),
      column('moneyOut', 'money'),
    ],
    rows,
    totalRows,
  };
}

/**
 * A bank report (`banks/reports`) ready to draw in the context's language, and its file name
 * (without the extension). `at` is a day of the fiscal year; the status report covers the year.
 */
export async function bankReportDocument(
  db: DbOrTx,
  ctx: BankReportContext,
  report: BankReport,
  at: string,
): Promise<{ document: ReportDocument; fileName: string }> {
  const { t } = wordsOf(ctx);
  const table =
    report === 'balances'
      ? await balancesTable(db, ctx, at)
      : report === 'outstanding'
        ? await outstandingTable(db, ctx, at)
        : await statusTable(db, ctx);
  const dated = report !== 'reconciliation-status';
  return {
    document: {
      title: t(`bankReports.${report}.title`),
      ...frame(ctx),
      ...(dated ? { subtitle: `${ctx.subtitle} · ${t('bankReports.at', { date: at })}` } : {}),
      sheetName: t(`bankReports.${report}.sheet`),
      ...table,
    },
    fileName: `${t(`bankReports.${report}.file`)}-${dated ? at : ctx.scope.fiscalYear}`,
  };
}

/** Who a bank reconciliations document is for: the board package, in the building's language. */
export interface BankReconciliationsRequest {
  scope: YearScope;
  building: { name: string; currency: string };
  language: Language;
  /** Inclusive days. */
  from: string;
  to: string;
}

/**
 * The board package's bank reconciliations: every bank's periods whose last day falls in
 * [from, to], then what each bank had outstanding at the end of `to`.
 */
export async function bankReconciliationsDocument(
  db: DbOrTx,
  { scope, building, language, from, to }: BankReconciliationsRequest,
): Promise<ReportDocument> {
  const ctx: BankReportContext = {
    scope,
    language,
    currency: building.currency,
    subtitle: building.name,
    emptyText: translate(language, 'reports.empty'),
    pageLabel: (page, pages) => translate(language, 'reports.page', { page, pages }),
  };
  const { t, money, column } = wordsOf(ctx);
  const periods = [];
  const outstanding = [];
  for (const bank of await banksOfYear(db, ctx.scope, ctx.language)) {
    for (const period of await periodsOfBank(db, ctx.scope.buildingId, bank)) {
      const last = lastDayOf(period);
      if (last >= from && last <= to) periods.push({ bank, period });
    }
    const totals = outstandingTotals(await outstandingItems(db, ctx.scope.buildingId, bank, to));
    if (!bank.archived || totals.count > 0) outstanding.push({ bank, totals });
  }
  const outstandingTableDocument: ReportTableDocument = {
    heading: t('bankReports.reconciliations.outstandingHeading', { date: longDate(to, ctx.language) }),
    sheetName: t('bankReports.outstanding.sheet'),
    columns: [
      column('bank'),
      column('outstandingCount'),
      column('outstandingIn', 'money'),
      column('outstandingOut', 'money'),
    ],
    ...withTotal(
      outstanding.map(({ bank, totals }): ReportCell[] => [
        bank.name,
        String(totals.count),
        money(totals.moneyIn),
        money(totals.moneyOut),
      ]),
      [
        t('bankReports.total'),
        String(outstanding.reduce((total, o) => total + o.totals.count, 0)),
        money(sum(outstanding.map((o) => o.totals.moneyIn))),
        money(sum(outstanding.map((o) => o.totals.moneyOut))),
      ],
    ),
  };
  return {
    title: t('bankReports.reconciliations.title'),
    ...frame(ctx),
    subtitle: `${ctx.subtitle} · ${t('bankReports.period', { from: longDate(from, ctx.language), to: longDate(to, ctx.language) })}`,
    sheetName: t('bankReports.reconciliations.sheet'),
    ...periodTable(ctx, periods),
    totalRows: [],
    sections: [outstandingTableDocument],
  };
}
