import { formatMonth } from '../ledger/descriptions';
import { translate } from '../i18n/index';
import { localeOf, type Language } from '../locale';
import { formatMoney } from '../money';
import type { MoneyCell, ReportCell } from '../registry-reports';
import type { Fund } from '../schemas/accounts';
import type { BalanceSheet, BalanceSheetLine } from './balance-sheet';
import type { CashFlow } from './cash-flow';
import type { FundWarning, FundsStatement } from './funds';
import type { GeneralLedger } from './general-ledger';
import type { IncomeAmounts, IncomeSection, IncomeStatement } from './income-statement';
import type { TrialBalanceStatement } from './trial-balance';
import { contingencyMinimum } from '../budget/budget';

/**
 * The financial statements as tables, the same for the page, the PDF, the spreadsheet and the CSV:
 * every word in the reader's language (`financialStatements.*`), every amount as cents
 * (spreadsheets) and as text. A comparative column (the previous year's same period) is added
 * when its statement is given, lines matched by account.
 */

export interface StatementTable {
  /** Above the table when the statement has several. */
  heading?: string;
  /** A worksheet name: short. */
  sheetName: string;
  columns: { label: string; kind: 'text' | 'date' | 'money' }[];
  rows: ReportCell[][];
  /** Rows that head or sum up others: drawn bold. */
  totalRows: number[];
}

export interface StatementTableFormat {
  language: Language;
  /** ISO 4217 code of the building's currency. */
  currency: string;
}

/** A date as the reader writes it in a sentence: "June 30, 2026", "30 juin 2026". */
export const longDate = (date: string, language: Language): string =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

export const formatShare = (rate: number, language: Language): string =>
  new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(rate);

/** Builds rows, remembering which ones are bold. */
class Rows {
  rows: ReportCell[][] = [];
  totalRows: number[] = [];
  add(row: ReportCell[], bold = false): void {
    if (bold) this.totalRows.push(this.rows.length);
    this.rows.push(row);
  }
}

function tools(format: StatementTableFormat) {
  const { language, currency } = format;
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const money = (amount: number): MoneyCell => ({
    cents: amount,
    text: formatMoney(amount, currency, language),
  });
  const maybe = (amount: number | null | undefined): ReportCell =>
    amount === null || amount === undefined ? '' : money(amount);
  const text = (label: string) => ({ label, kind: 'text' as const });
  const amount = (label: string) => ({ label, kind: 'money' as const });
  return { t, money, maybe, text, amount, language };
}

/** A fund's name in the reader's language. */
export const fundName = (language: Language, fund: Fund): string =>
  translate(language, `financialStatements.fundNames.${fund}`);

/** A fund's warnings in the reader's language. */
export function fundWarningText(warning: FundWarning, format: StatementTableFormat): string {
  const { t, money } = tools(format);
  if (warning.kind === 'contingencyUnderMinimum')
    return t('financialStatements.warnings.contingencyUnderMinimum', {
      share: formatShare(warning.share, format.language),
      minimum: formatShare(contingencyMinimum, format.language),
    });
  return t(`financialStatements.warnings.${warning.kind}`, {
    fund: fundName(format.language, warning.fund),
    amount: money(warning.amount).text,
  });
}

/** A line's name: its account's, or its group's. */
const lineName = (
  language: Language,
  line: { account: { name: string } | null; group: string | null },
): string => line.account?.name ?? translate(language, `financialStatements.groups.${line.group ?? ''}`);

interface Paired<L> {
  /** The line to name: the current one, else the previous year's. */
  line: L;
  current: L | null;
  previous: L | null;
}

/** The union of two statements' lines by key: the current ones in order, then the previous year's own. */
function pairLines<L extends { key: string }>(
  current: readonly L[],
  previous: readonly L[] | null,
): Paired<L>[] {
  const before = new Map((previous ?? []).map((l) => [l.key, l]));
  const seen = new Set(current.map((l) => l.key));
  return [
    ...current.map((line) => ({ line, current: line, previous: before.get(line.key) ?? null })),
    ...(previous ?? [])
      .filter((l) => !seen.has(l.key))
      .map((line) => ({ line, current: null, previous: line })),
  ];
}

export function balanceSheetTable(
  sheet: BalanceSheet,
  previous: BalanceSheet | null,
  format: StatementTableFormat,
  labels: { date: string; previousDate: string | null },
): StatementTable {
  const { t, maybe, text, amount, language } = tools(format);
  const out = new Rows();
  const compare = previous !== null;
  const row = (label: string, now: number | null, before: number | null | undefined, bold = false) =>
    out.add([label, maybe(now), ...(compare ? [maybe(before ?? 0)] : [])], bold);
  const heading = (label: string) => out.add([label, '', ...(compare ? [''] : [])], true);
  const part = (section: BalanceSheet['parts'][number]['section']) => {
    const now = sheet.parts.find((p) => p.section === section);
    const before = previous?.parts.find((p) => p.section === section) ?? null;
    const pairs = pairLines<BalanceSheetLine>(now?.lines ?? [], before?.lines ?? null);
    if (pairs.length === 0) return;
    for (const pair of pairs)
      row(lineName(language, pair.line), pair.current?.amount ?? 0, pair.previous?.amount ?? 0);
    row(t(`financialStatements.balanceSheet.totals.${section}`), now?.total ?? 0, before?.total ?? 0, true);
  };
  const interfund = (sign: 1 | -1, label: string) => {
    const now = Math.max(sign * sheet.interfund, 0);
    const before = previous ? Math.max(sign * previous.interfund, 0) : 0;
    if (now !== 0 || before !== 0) row(label, now, before);
  };
  heading(t('financialStatements.balanceSheet.assets'));
  part('banks');
  part('receivables');
  part('otherAssets');
  interfund(1, t('financialStatements.balanceSheet.dueFromFunds'));
  row(t('financialStatements.balanceSheet.totalAssets'), sheet.assets, previous?.assets, true);
  heading(t('financialStatements.balanceSheet.liabilities'));
  part('payables');
  part('otherLiabilities');
  interfund(-1, t('financialStatements.balanceSheet.dueToFunds'));
  row(t('financialStatements.balanceSheet.totalLiabilities'), sheet.liabilities, previous?.liabilities, true);
  heading(t('financialStatements.balanceSheet.capital'));
  part('capital');
  row(t('financialStatements.balanceSheet.surplus'), sheet.surplus, previous?.surplus);
  row(
    t('financialStatements.balanceSheet.totalCapital'),
    sheet.capital + sheet.surplus,
    previous ? previous.capital + previous.surplus : null,
    true,
  );
  row(
    t('financialStatements.balanceSheet.totalLiabilitiesAndCapital'),
    sheet.liabilitiesAndCapital,
    previous?.liabilitiesAndCapital,
    true,
  );
  return {
    sheetName: t('financialStatements.sheets.balance-sheet'),
    columns: [
      text(t('financialStatements.columns.account')),
      amount(labels.date),
      ...(compare && labels.previousDate ? [amount(labels.previousDate)] : []),
    ],
    rows: out.rows,
    totalRows: out.totalRows,
  };
}

export function incomeStatementTable(
  statement: IncomeStatement,
  previous: IncomeStatement | null,
  format: StatementTableFormat,
  labels: { wholeYear: boolean },
): StatementTable {
  const { t, maybe, text, amount, language } = tools(format);
  const hasBudget = statement.surplus.periodBudget !== null;
  const compare = previous !== null;
  const out = new Rows();
  const percent = (rate: number | null): string => (rate === null ? '' : formatShare(rate, language));
  const cells = (a: IncomeAmounts | null, before: number | null | undefined): ReportCell[] => [
    maybe(a?.month ?? 0),
    ...(hasBudget ? [maybe(a?.monthBudget)] : []),
    maybe(a?.period ?? 0),
    ...(hasBudget
      ? [maybe(a?.periodBudget), maybe(a?.variance), maybe(a?.annualBudget), percent(a?.used ?? null)]
      : []),
    ...(compare ? [maybe(before ?? 0)] : []),
  ];
  const width = 3 + (hasBudget ? 5 : 0) + (compare ? 1 : 0);
  const section = (now: IncomeSection, before: IncomeSection | null) => {
    out.add(
      [t(`financialStatements.sections.${now.section}`), ...Array.from({ length: width - 1 }, () => '')],
      true,
    );
    for (const pair of pairLines(now.lines, before?.lines ?? null))
      out.add([pair.line.account.name, ...cells(pair.current, pair.previous?.period)]);
    out.add(
      [
        t(`financialStatements.incomeStatement.totals.${now.section}`),
        ...cells(now.totals, before?.totals.period),
      ],
      true,
    );
  };
  section(statement.revenues, previous?.revenues ?? null);
  section(statement.expenses, previous?.expenses ?? null);
  out.add(
    [
      t(
        statement.surplus.period < 0
          ? 'financialStatements.incomeStatement.deficit'
          : 'financialStatements.incomeStatement.surplus',
      ),
      ...cells(statement.surplus, previous?.surplus.period),
    ],
    true,
  );
  const month = formatMonth(statement.month.slice(0, 7), language);
  return {
    sheetName: t('financialStatements.sheets.income-statement'),
    columns: [
      text(t('financialStatements.columns.category')),
      amount(month),
      ...(hasBudget ? [amount(t('financialStatements.columns.monthBudget', { month }))] : []),
      amount(
        t(labels.wholeYear ? 'financialStatements.columns.yearToDate' : 'financialStatements.columns.period'),
      ),
      ...(hasBudget
        ? [
            amount(
              t(
                labels.wholeYear
                  ? 'financialStatements.columns.budgetToDate'
                  : 'financialStatements.columns.periodBudget',
              ),
            ),
            amount(t('financialStatements.columns.variance')),
            amount(t('financialStatements.columns.annualBudget')),
            text(t('financialStatements.columns.used')),
          ]
        : []),
      ...(compare ? [amount(t('financialStatements.columns.previousYear'))] : []),
    ],
    rows: out.rows,
    totalRows: out.totalRows,
  };
}

export function cashFlowTable(
  flow: CashFlow,
  previous: CashFlow | null,
  format: StatementTableFormat,
): StatementTable {
  const { t, maybe, text, amount, language } = tools(format);
  const compare = previous !== null;
  const out = new Rows();
  const row = (
    label: string,
    cells: [number | null, number | null, number | null],
    before: number | null,
    bold = false,
  ) => out.add([label, ...cells.map(maybe), ...(compare ? [maybe(before ?? 0)] : [])], bold);
  row(t('financialStatements.cashFlow.opening'), [null, null, flow.opening], previous?.opening ?? null, true);
  const groups = [
    ...new Set([...flow.groups.map((g) => g.group), ...(previous?.groups ?? []).map((g) => g.group)]),
  ];
  for (const name of groups) {
    const now = flow.groups.find((g) => g.group === name);
    const before = previous?.groups.find((g) => g.group === name) ?? null;
    row(
      t(`financialStatements.cashFlow.groups.${name}`),
      [now?.inflow ?? 0, now?.outflow ?? 0, now?.net ?? 0],
      before?.net ?? null,
      true,
    );
    // A group of one line (the co-owners, the suppliers) is its own line.
    const pairs = pairLines(now?.lines ?? [], before?.lines ?? null);
    if (pairs.every((p) => p.line.group !== null)) continue;
    for (const pair of pairs)
      row(
        lineName(language, pair.line),
        [pair.current?.inflow ?? 0, pair.current?.outflow ?? 0, pair.current?.net ?? 0],
        pair.previous?.net ?? 0,
      );
  }
  row(
    t('financialStatements.cashFlow.total'),
    [flow.inflow, flow.outflow, flow.net],
    previous?.net ?? null,
    true,
  );
  row(t('financialStatements.cashFlow.closing'), [null, null, flow.closing], previous?.closing ?? null, true);
  return {
    sheetName: t('financialStatements.sheets.cash-flow'),
    columns: [
      text(t('financialStatements.columns.counterpart')),
      amount(t('financialStatements.columns.inflow')),
      amount(t('financialStatements.columns.outflow')),
      amount(t('financialStatements.columns.net')),
      ...(compare ? [amount(t('financialStatements.columns.previousYear'))] : []),
    ],
    rows: out.rows,
    totalRows: out.totalRows,
  };
}

export function trialBalanceTable(
  balance: TrialBalanceStatement,
  previous: TrialBalanceStatement | null,
  format: StatementTableFormat,
): StatementTable {
  const { t, money, text, amount } = tools(format);
  const compare = previous !== null;
  const out = new Rows();
  const before = new Map((previous?.lines ?? []).map((l) => [l.account.aid, l]));
  const seen = new Set(balance.lines.map((l) => l.account.aid));
  for (const line of balance.lines)
    out.add([
      String(line.account.aid),
      line.account.name,
      money(line.opening),
      money(line.debits),
      money(line.credits),
      money(line.closing),
      ...(compare ? [money(before.get(line.account.aid)?.closing ?? 0)] : []),
    ]);
  // Accounts that had a balance only in the previous year's period.
  for (const line of previous?.lines ?? []) {
    if (seen.has(line.account.aid)) continue;
    out.add([
      String(line.account.aid),
      line.account.name,
      money(0),
      money(0),
      money(0),
      money(0),
      money(line.closing),
    ]);
  }
  const { totals } = balance;
  out.add(
    [
      '',
      t('financialStatements.trialBalance.total'),
      money(totals.opening),
      money(totals.debits),
      money(totals.credits),
      money(totals.closing),
      ...(compare ? [money(previous?.totals.closing ?? 0)] : []),
    ],
    true,
  );
  return {
    sheetName: t('financialStatements.sheets.trial-balance'),
    columns: [
      text(t('financialStatements.columns.number')),
      text(t('financialStatements.columns.account')),
      amount(t('financialStatements.columns.opening')),
      amount(t('financialStatements.columns.debits')),
      amount(t('financialStatements.columns.credits')),
      amount(t('financialStatements.columns.closing')),
      ...(compare ? [amount(t('financialStatements.columns.previousYear'))] : []),
    ],
    rows: out.rows,
    totalRows: out.totalRows,
  };
}

export function generalLedgerTable(ledger: GeneralLedger, format: StatementTableFormat): StatementTable {
  const { t, money, text, amount } = tools(format);
  const out = new Rows();
  for (const account of ledger.accounts) {
    const name = account.account.name;
    out.add(
      ['', name, t('financialStatements.generalLedger.opening'), '', '', '', money(account.opening)],
      true,
    );
    for (const line of account.lines)
      out.add([
        line.date,
        name,
        line.description,
        line.reference ?? '',
        line.amount > 0 ? money(line.amount) : '',
        line.amount < 0 ? money(-line.amount) : '',
        money(line.balance),
      ]);
    out.add(
      [
        '',
        name,
        t('financialStatements.generalLedger.closing'),
        '',
        money(account.debits),
        money(account.credits),
        money(account.closing),
      ],
      true,
    );
  }
  return {
    sheetName: t('financialStatements.sheets.general-ledger'),
    columns: [
      { label: t('financialStatements.columns.date'), kind: 'date' },
      text(t('financialStatements.columns.account')),
      text(t('financialStatements.columns.description')),
      text(t('financialStatements.columns.reference')),
      amount(t('financialStatements.columns.debit')),
      amount(t('financialStatements.columns.credit')),
      amount(t('financialStatements.columns.balance')),
    ],
    rows: out.rows,
    totalRows: out.totalRows,
  };
}

export function fundsTables(
  statement: FundsStatement,
  previous: FundsStatement | null,
  format: StatementTableFormat,
): StatementTable[] {
  const { t, money, maybe, text, amount, language } = tools(format);
  const compare = previous !== null;
  const out = new Rows();
  const sum = (pick: (p: FundsStatement['funds'][number]) => number) =>
    statement.funds.reduce((s, p) => s + pick(p), 0);
  for (const p of statement.funds)
    out.add([
      fundName(language, p.fund),
      money(p.opening),
      money(p.contributions),
      money(p.expenses),
      money(p.transfers),
      money(p.closing),
      money(p.bankHoldings),
      money(p.otherNet),
      money(p.heldElsewhere),
      ...(compare ? [money(previous?.funds.find((q) => q.fund === p.fund)?.closing ?? 0)] : []),
    ]);
  if (statement.funds.length > 1)
    out.add(
      [
        t('financialStatements.funds.total'),
        money(sum((p) => p.opening)),
        money(sum((p) => p.contributions)),
        money(sum((p) => p.expenses)),
        money(sum((p) => p.transfers)),
        money(sum((p) => p.closing)),
        money(sum((p) => p.bankHoldings)),
        money(sum((p) => p.otherNet)),
        money(sum((p) => p.heldElsewhere)),
        ...(compare ? [money((previous?.funds ?? []).reduce((s, p) => s + p.closing, 0))] : []),
      ],
      true,
    );
  const tables: StatementTable[] = [
    {
      sheetName: t('financialStatements.sheets.funds'),
      columns: [
        text(t('financialStatements.columns.fund')),
        amount(t('financialStatements.columns.fundOpening')),
        amount(t('financialStatements.columns.contributions')),
        amount(t('financialStatements.columns.expenses')),
        amount(t('financialStatements.columns.transfers')),
        amount(t('financialStatements.columns.fundClosing')),
        amount(t('financialStatements.columns.bankHoldings')),
        amount(t('financialStatements.columns.otherNet')),
        amount(t('financialStatements.columns.heldElsewhere')),
        ...(compare ? [amount(t('financialStatements.columns.previousYear'))] : []),
      ],
      rows: out.rows,
      totalRows: out.totalRows,
    },
  ];
  const c = statement.contingency;
  if (c) {
    const share = c.share === null ? '' : formatShare(c.share, language);
    tables.push({
      heading: t('financialStatements.contingency.heading'),
      sheetName: t('financialStatements.sheets.contingency'),
      columns: [text(t('financialStatements.columns.item')), amount(t('financialStatements.columns.amount'))],
      rows: [
        [t('financialStatements.contingency.budgeted'), maybe(c.budgeted)],
        [t('financialStatements.contingency.received'), money(c.received)],
        [
          t('financialStatements.contingency.difference'),
          maybe(c.budgeted === null ? null : c.received - c.budgeted),
        ],
        [t('financialStatements.contingency.annualContingency'), maybe(c.annualContingency)],
        [t('financialStatements.contingency.annualContributions'), maybe(c.annualContributions)],
        [
          t('financialStatements.contingency.share', { minimum: formatShare(contingencyMinimum, language) }),
          share,
        ],
      ],
      totalRows: [2],
    });
  }
  return tables;
}
