import {
  balanceSheet,
  balanceSheetTable,
  cashFlow,
  cashFlowTable,
  formatMoney,
  formatMonth,
  fundPositions,
  fundWarnings,
  fundWarningText,
  fundsStatement,
  fundsTables,
  generalLedger,
  generalLedgerLineLimit,
  generalLedgerTable,
  inFund,
  incomeStatement,
  incomeStatementTable,
  isCash,
  localeOf,
  longDate,
  readDescription,
  sectionOf,
  statementSections,
  translate,
  trialBalanceStatement,
  trialBalanceTable,
  type FinancialStatement,
  type Language,
  type LedgerLine,
  type StatementAccount,
  type StatementCharts,
  type StatementQuery,
  type StatementTable,
  type StatementTableFormat,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { accountLines, cashCounterparts } from '../../ledger';
import { statementBudget, type YearFigures } from './statement-data';

/**
 * Each financial statement's tables from the year's figures (and the previous year's, for the
 * comparative column), with what the reader must see (warnings), should know (notices) and would
 * rather look at (charts, in dollars), every word in the document's language.
 */

/** The tables of a statement, what it says besides them, and its charts. */
interface Drawn {
  tables: StatementTable[];
  warnings: string[];
  notices: string[];
  charts: StatementCharts;
}

const dollars = (amount: number): number => amount / 100;

export interface DrawContext {
  statement: FinancialStatement;
  query: StatementQuery;
  current: YearFigures;
  previous: YearFigures | null;
  format: StatementTableFormat;
  scope: YearScope;
  /** Notices found so far; the statement adds its own. */
  notices: string[];
}

export async function drawTables(db: DbOrTx, ctx: DrawContext): Promise<Drawn> {
  const { statement, query, current, previous, format, notices } = ctx;
  const { fund } = query;
  const { language } = format;
  const t = (key: string, params?: Record<string, string | number>) => translate(language, key, params);
  const money = (amount: number) => formatMoney(amount, format.currency, language);
  const none: StatementCharts = {};

  if (statement === 'balance-sheet') {
    const sheet = balanceSheet(current.accounts, current.figures, fund);
    const before = previous ? balanceSheet(previous.accounts, previous.figures, fund) : null;
    const warnings = fundWarnings(fundPositions(current.accounts, current.figures), fund).map((w) =>
      fundWarningText(w, format),
    );
    if (sheet.assets !== sheet.liabilitiesAndCapital)
      warnings.push(
        t('financialStatements.warnings.balanceSheetUnbalanced', {
          amount: money(sheet.assets - sheet.liabilitiesAndCapital),
        }),
      );
    return {
      tables: [
        balanceSheetTable(sheet, before, format, {
          date: longDate(current.period.to, language),
          previousDate: previous ? longDate(previous.period.to, language) : null,
        }),
      ],
      warnings,
      notices,
      charts: none,
    };
  }

  if (statement === 'income-statement') {
    const budget = await statementBudget(db, ctx.scope);
    if (!budget) notices.push(t('financialStatements.notices.noBudget'));
    else if (budget.draft) notices.push(t('financialStatements.notices.draftBudget'));
    const input = { from: current.period.from, to: current.period.to, fund };
    const income = incomeStatement({
      ...input,
      accounts: current.accounts,
      movements: current.balances.movements,
      budget: budget?.months ?? null,
    });
    const before = previous
      ? incomeStatement({
          accounts: previous.accounts,
          movements: previous.balances.movements,
          from: previous.period.from,
          to: previous.period.to,
          budget: null,
          fund,
        })
      : null;
    return {
      tables: [
        incomeStatementTable(income, before, format, {
          wholeYear: current.period.from === ctx.scope.fiscalYear,
        }),
      ],
      warnings: [],
      notices,
      charts: {
        revenueVsExpenses: income.months.map((m) => ({
          month: m.month.slice(0, 7),
          label: formatMonth(m.month, language),
          revenues: dollars(m.revenues),
          expenses: dollars(m.expenses),
        })),
      },
    };
  }

  if (statement === 'cash-flow') {
    const flowOf = async (year: YearFigures) => {
      const cash = year.accounts.filter((a) => isCash(a, fund)).map((a) => a.aid);
      return cashFlow(
        year.accounts,
        year.figures,
        await cashCounterparts(db, year.scope, year.period, cash),
        fund,
      );
    };
    const flow = await flowOf(current);
    const before = previous ? await flowOf(previous) : null;
    return {
      tables: [cashFlowTable(flow, before, format)],
      warnings: flow.balanced
        ? []
        : [
            t('financialStatements.warnings.cashUnbalanced', {
              amount: money(flow.closing - flow.banksClosing),
            }),
          ],
      notices,
      charts: none,
    };
  }

  if (statement === 'trial-balance') {
    const balance = trialBalanceStatement(current.accounts, current.figures, fund);
    const before = previous ? trialBalanceStatement(previous.accounts, previous.figures, fund) : null;
    if (fund !== 'all') notices.push(t('financialStatements.notices.fundTrialBalance'));
    return {
      tables: [trialBalanceTable(balance, before, format)],
      warnings:
        fund === 'all' && !balance.balanced
          ? [
              t('financialStatements.warnings.unbalanced', {
                debits: money(balance.totals.debits),
                credits: money(balance.totals.credits),
              }),
            ]
          : [],
      notices,
      charts: none,
    };
  }

  if (statement === 'general-ledger') {
    const { lines, complete } = await ledgerLinesOf(db, current, fund, query.account, language);
    if (!complete)
      notices.push(
        t('financialStatements.notices.truncated', {
          limit: generalLedgerLineLimit.toLocaleString(localeOf(language)),
        }),
      );
    const accounts = current.accounts.filter((a) => query.account === undefined || a.aid === query.account);
    const ledger = generalLedger(accounts, current.figures, lines, fund, complete);
    return { tables: [generalLedgerTable(ledger, format)], warnings: [], notices, charts: none };
  }

  const budget = await statementBudget(db, ctx.scope);
  const input = { from: current.period.from, to: current.period.to, fund };
  const fundsNow = fundsStatement({
    ...input,
    accounts: current.accounts,
    figures: current.figures,
    budget: budget?.months ?? null,
  });
  const before = previous
    ? fundsStatement({
        accounts: previous.accounts,
        figures: previous.figures,
        budget: null,
        from: previous.period.from,
        to: previous.period.to,
        fund,
      })
    : null;
  return {
    tables: fundsTables(fundsNow, before, format),
    warnings: fundsNow.warnings.map((w) => fundWarningText(w, format)),
    notices,
    charts: {
      fundBalances: fundsNow.funds.map((p) => ({
        fund: p.fund,
        label: t(`financialStatements.fundNames.${p.fund}`),
        balance: dollars(p.closing),
        bankHoldings: dollars(p.bankHoldings),
      })),
    },
  };
}

/**
 * The general ledger's lines, at most `generalLedgerLineLimit`: the accounts in the statements'
 * order, each read whole while it fits (its line count is known from the period's movements), the
 * first that does not fit read up to the limit.
 */
async function ledgerLinesOf(
  db: DbOrTx,
  year: YearFigures,
  fund: StatementQuery['fund'],
  account: number | undefined,
  language: Language,
): Promise<{ lines: LedgerLine[]; complete: boolean }> {
  const counts = new Map<number, number>();
  for (const m of year.balances.movements) counts.set(m.aid, (counts.get(m.aid) ?? 0) + m.lines);
  const order = (a: StatementAccount): number => statementSections.indexOf(sectionOf(a));
  const shown = year.accounts
    .filter(
      (a) => inFund(a, fund) && (account === undefined || a.aid === account) && (counts.get(a.aid) ?? 0) > 0,
    )
    .sort((a, b) => order(a) - order(b) || a.aid - b.aid);
  let room = generalLedgerLineLimit;
  const whole: number[] = [];
  let cut: number | null = null;
  for (const a of shown) {
    const count = counts.get(a.aid) ?? 0;
    if (count > room) {
      cut = a.aid;
      break;
    }
    whole.push(a.aid);
    room -= count;
  }
  const rows = [
    ...(await accountLines(db, year.scope, year.period, whole, generalLedgerLineLimit)),
    ...(cut === null ? [] : await accountLines(db, year.scope, year.period, [cut], room)),
  ];
  const position = new Map(shown.map((a, i) => [a.aid, i]));
  // The SQL gives each account's lines in order; the accounts go in the statements' order.
  const lines = rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (position.get(a.row.aid) ?? 0) - (position.get(b.row.aid) ?? 0) || a.i - b.i)
    .map(({ row }): LedgerLine => ({
      aid: row.aid,
      date: row.date,
      description: readDescription(row, language),
      reference: row.checkNumber,
      amount: row.amount,
    }));
  return { lines, complete: cut === null };
}
