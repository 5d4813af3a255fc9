import { translate } from '../i18n/index';
import { formatMoney } from '../money';
import { localeOf, type Language } from '../locale';
import type { MoneyCell, ReportCell, ReportColumn } from '../registry-reports';
import {
  budgetPreview,
  contingencyMinimum,
  contingencyShare,
  type BudgetInput,
  type BudgetMember,
  type MemberKind,
} from './budget';

/** The budget report's tables, in the order they are read (issue 6, DOMAIN 3). */
export const budgetReportSections = ['revenues', 'expenses', 'members'] as const;
export type BudgetReportSection = (typeof budgetReportSections)[number];

export interface BudgetReportTable {
  section: BudgetReportSection;
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** Rows that sum up the others (totals, surplus, contingency fund): drawn bold. */
  totalRows: number[];
}

export interface BudgetReportCategory {
  uuid: string;
  name: string;
  parent: string;
  /** The default chart's mark: `contingencyFundContributions` names the contingency fund's revenue. */
  systemKey: string | null;
}

export interface BudgetReportInput {
  budget: BudgetInput;
  /** The year's categories, in the chart's order. */
  categories: readonly BudgetReportCategory[];
  /** The year's units, parkings and lockers, as the budget bills them. */
  members: readonly BudgetMember[];
  /** The fiscal year's first day, YYYY-MM-DD. */
  yearStart: string;
  language: Language;
  /** ISO 4217 code of the building's currency. */
  currency: string;
}

const text = (key: string, params?: Record<string, string>): ReportColumn => ({
  key: `reports.budget.columns.${key}`,
  kind: 'text',
  ...(params ? { params } : {}),
});
const money = (key: string, params?: Record<string, string>): ReportColumn => ({
  ...text(key, params),
  kind: 'money',
});
const date = (key: string): ReportColumn => ({ ...text(key), kind: 'date' });

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * The budget as the owners' meeting reads it: what each contribution brings in, what each expense
 * category is given, and what each unit, parking and locker pays. Amounts come from the same
 * preview the monthly billing uses, so the report's fees are the fees billed, to the cent.
 */
export function budgetReport(input: BudgetReportInput): BudgetReportTable[] {
  const { budget, categories, members, language } = input;
  const locale = localeOf(language);
  const t = (key: string, params?: Record<string, string>) =>
    translate(language, `reports.budget.${key}`, params);
  const amount = (cents: number): MoneyCell => ({
    cents,
    text: formatMoney(cents, input.currency, language),
  });
  const percent = (rate: number): string =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
  const firstMonth = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${input.yearStart}T00:00:00Z`));

  const preview = budgetPreview(budget.contributions, members, input.yearStart);
  const byUuid = new Map(members.map((m) => [m.uuid, m]));
  const categoryName = new Map(categories.map((c) => [c.uuid, c.name]));
  const kindName = (kind: MemberKind): string => t(`kinds.${kind}`);

  /** "All units", "Unit 101", "Parking P1": what a contribution applies to, in words. */
  const appliesTo = (target: string): string => {
    const [scope = '', value = ''] = target.split(':');
    if (scope === 'all') return t(`appliesTo.${value}`);
    const number = scope === 'units' ? value : (byUuid.get(value)?.number ?? t('unknownMember'));
    return `${kindName(scope as MemberKind)} ${number}`;
  };

  // What each contribution bills in the year's first month, over all members.
  const firstMonthOf = (index: number): number =>
    sum(preview.members.map((m) => m.contributions.find((c) => c.index === index)?.monthly[0] ?? 0));
  const contributionsTotal = sum(budget.contributions.map((c) => c.amount));
  const revenues: BudgetReportTable = {
    section: 'revenues',
    columns: [
      text('contribution'),
      text('category'),
      text('appliesTo'),
      money('annual'),
      money('monthly', { month: firstMonth }),
      date('endDate'),
    ],
    rows: [
      ...budget.contributions.map((c, index) => [
        c.name,
        categoryName.get(c.category) ?? '',
        appliesTo(c.appliesTo),
        amount(c.amount),
        amount(firstMonthOf(index)),
        c.endDate ?? '',
      ]),
      [
        t('totalContributions'),
        '',
        '',
        amount(contributionsTotal),
        amount(sum(budget.contributions.map((_, index) => firstMonthOf(index)))),
        '',
      ],
    ],
    totalRows: [budget.contributions.length],
  };

  const budgeted = categories.filter(
    (c) =>
      budget.budgetedAmounts[c.uuid] !== undefined || (budget.budgetedComments[c.uuid] ?? '').trim() !== '',
  );
  const expensesTotal = sum(budgeted.map((c) => budget.budgetedAmounts[c.uuid] ?? 0));
  const balance = contributionsTotal - expensesTotal;
  const fund = categories.find((c) => c.systemKey === 'contingencyFundContributions')?.uuid;
  const share = contingencyShare(budget.contributions, fund);
  const fundAmount = sum(budget.contributions.filter((c) => c.category === fund).map((c) => c.amount));
  const shareNote = [
    t('contingencyShare', { share: percent(share) }),
    ...(share < contingencyMinimum
      ? [t('contingencyUnderMinimum', { minimum: percent(contingencyMinimum) })]
      : []),
  ].join(' ');
  const expenses: BudgetReportTable = {
    section: 'expenses',
    columns: [text('category'), money('budgeted'), text('comment')],
    rows: [
      ...budgeted.map((c) => [
        c.name,
        amount(budget.budgetedAmounts[c.uuid] ?? 0),
        budget.budgetedComments[c.uuid] ?? '',
      ]),
      [t('totalExpenses'), amount(expensesTotal), ''],
      [t('totalContributions'), amount(contributionsTotal), ''],
      [t(balance < 0 ? 'deficit' : 'surplus'), amount(balance), ''],
      [t('contingencyFund'), amount(fundAmount), shareNote],
    ],
    totalRows: [0, 1, 2, 3].map((i) => budgeted.length + i),
  };

  const billed = new Map(preview.members.map((m) => [m.uuid, m]));
  const leftOut = new Map(preview.leftOut.map((m) => [m.uuid, m.reason]));
  const memberRows = members.map((m) => {
    const row = billed.get(m.uuid);
    const reason = leftOut.get(m.uuid);
    const fees: ReportCell[] = reason ? ['', ''] : [amount(row?.monthly[0] ?? 0), amount(row?.annual ?? 0)];
    return [
      kindName(m.kind),
      m.number,
      m.billedTo?.unitNumber ?? '',
      ...fees,
      reason ? t(`leftOut.${reason}`) : '',
    ];
  });
  const membersTable: BudgetReportTable = {
    section: 'members',
    columns: [
      text('kind'),
      text('number'),
      text('billedTo'),
      money('monthlyFee', { month: firstMonth }),
      money('annualTotal'),
      text('note'),
    ],
    rows: [
      ...memberRows,
      [
        t('totalFees'),
        '',
        '',
        amount(sum(preview.members.map((m) => m.monthly[0] ?? 0))),
        amount(preview.totals.annual),
        '',
      ],
    ],
    totalRows: [memberRows.length],
  };

  return [revenues, expenses, membersTable];
}
