import { and, desc, eq, lt } from 'drizzle-orm';
import {
  accountDisplayName,
  accountFund,
  budgetMonths,
  categoryParents,
  ledgerAccountKinds,
  periodFigures,
  type BudgetLine,
  type BudgetMonths,
  type CategoryParent,
  type ComparedPeriod,
  type FiguresByAccount,
  type Language,
  type StatementAccount,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { fiscalYear, type RegistryCollection } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { ledgerAccountsOfKind, periodBalances, type PeriodBalances } from '../../ledger';
import { listBudgets } from '../../receivables';
import { listRecords, type RecordRow } from '../../registry';

/** The registry collection whose records own each kind of ledger account. */
const collectionOf: Record<string, RegistryCollection> = {
  unit: 'units',
  supplier: 'suppliers',
  bank: 'banks',
  category: 'categories',
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isParent = (value: unknown): value is CategoryParent =>
  (categoryParents as readonly unknown[]).includes(value);

/**
 * Every ledger account of the building as the year's statements read it: its section, its fund
 * and its name in `language` (an account the year's registry does not describe reads as its
 * number, and counts as an other asset of the operating fund).
 */
export async function statementAccounts(
  db: DbOrTx,
  scope: YearScope,
  language: Language,
): Promise<StatementAccount[]> {
  const records = new Map<string, RecordRow>();
  for (const collection of new Set(Object.values(collectionOf))) {
    for (const record of await listRecords(db, scope, collection)) records.set(record.uuid, record);
  }
  const accounts: StatementAccount[] = [];
  for (const kind of ledgerAccountKinds) {
    for (const { aid, recordUuid } of await ledgerAccountsOfKind(db, scope.buildingId, kind)) {
      const record = records.get(recordUuid) ?? null;
      accounts.push({
        aid,
        kind,
        parent: kind === 'category' && isParent(record?.data.parent) ? record.data.parent : null,
        fund: accountFund(
          kind,
          record ? { fund: text(record.data.fund), systemKey: text(record.data.systemKey) } : null,
        ),
        name: accountDisplayName(
          {
            aid,
            kind,
            record: record
              ? {
                  number: record.number,
                  name: text(record.data.name),
                  systemKey: text(record.data.systemKey),
                }
              : null,
          },
          language,
        ),
      });
    }
  }
  return accounts.sort((a, b) => a.aid - b.aid);
}

/** A fiscal year's first and last days. */
export interface YearBounds {
  start: string;
  end: string;
}

export async function yearBounds(db: DbOrTx, scope: YearScope): Promise<YearBounds> {
  const [year] = await db
    .select({ start: fiscalYear.startDate, end: fiscalYear.endDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), eq(fiscalYear.startDate, scope.fiscalYear)));
  if (!year) throw new AppError('notFound');
  return year;
}

/** The fiscal year before `scope`'s, when the building has one. */
export async function previousYear(db: DbOrTx, scope: YearScope): Promise<YearBounds | null> {
  const [year] = await db
    .select({ start: fiscalYear.startDate, end: fiscalYear.endDate })
    .from(fiscalYear)
    .where(and(eq(fiscalYear.buildingId, scope.buildingId), lt(fiscalYear.startDate, scope.fiscalYear)))
    .orderBy(desc(fiscalYear.startDate))
    .limit(1);
  return year ?? null;
}

/** What a statement reads of one year's period: the accounts, and each one's figures. */
export interface YearFigures {
  scope: YearScope;
  period: ComparedPeriod;
  accounts: StatementAccount[];
  balances: PeriodBalances;
  figures: FiguresByAccount;
}

export async function yearFigures(
  db: DbOrTx,
  scope: YearScope,
  period: ComparedPeriod,
  language: Language,
): Promise<YearFigures> {
  const accounts = await statementAccounts(db, scope, language);
  const balances = await periodBalances(db, scope, period);
  return { scope, period, accounts, balances, figures: periodFigures(balances.opening, balances.movements) };
}

/**
 * The budget beside the figures (DOMAIN 3): the year's latest applied budget, else its latest
 * draft (said to be one), month by month per category account; null when the year has none.
 */
export async function statementBudget(
  db: DbOrTx,
  scope: YearScope,
): Promise<{ months: BudgetMonths; draft: boolean } | null> {
  const budgets = await listBudgets(db, scope, false);
  const applied = budgets
    .filter((b) => b.status === 'applied')
    .sort((a, b) => (b.appliedAt ?? '').localeCompare(a.appliedAt ?? ''))[0];
  // Newest first: the first draft is the latest.
  const chosen = applied ?? budgets.find((b) => b.status === 'draft');
  if (!chosen) return null;
  const aids = new Map((await listRecords(db, scope, 'categories')).map((c) => [c.uuid, c.aid]));
  const lines: BudgetLine[] = [
    ...chosen.contributions.flatMap((c) => {
      const aid = aids.get(c.category);
      return aid ? [{ aid, amount: c.amount, ...(c.endDate ? { endDate: c.endDate } : {}) }] : [];
    }),
    ...Object.entries(chosen.budgetedAmounts).flatMap(([uuid, amount]) => {
      const aid = aids.get(uuid);
      return aid ? [{ aid, amount }] : [];
    }),
  ];
  return { months: budgetMonths(scope.fiscalYear, lines), draft: !applied };
}
