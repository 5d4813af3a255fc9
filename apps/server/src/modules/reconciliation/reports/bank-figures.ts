import { and, asc, eq, sql } from 'drizzle-orm';
import {
  accountDisplayName,
  addDays,
  cents,
  differenceOrNull,
  fundOf,
  localeOf,
  subtractCents,
  zeroCents,
  type Cents,
  type Fund,
  type Language,
  type ReconciliationChange,
} from '@copro/domain';
import { rowsOf, type DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import { reconciliationClearing, reconciliationPeriod } from '../../../db/schema/index';
import type { YearScope } from '../../../platform/fiscal-year-scope';
import { accountBalances, bankLinesSql, type BankLineRow } from '../../ledger';
import { listRecords } from '../../registry';

/**
 * The figures of the bank reports (`banks/reports`) and of the board package's bank
 * reconciliations, read from this area's periods and ticks and the ledger's bank lines.
 *
 * A date asked for (`at`) is a day: what is dated on it counts. Periods end before their
 * `periodEnd` (DOMAIN 9), so a period "ended by" `at` is one whose `periodEnd` is at most the day
 * after `at`: every day it covers is on or before `at`.
 */

/** A bank account of the fiscal year, with its ledger account and fund. */
export interface ReportBank {
  uuid: string;
  aid: number;
  name: string;
  fund: Fund;
  archived: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The year's bank accounts by name in the reader's alphabet; the default chart's accounts are
 * named in the reader's language.
 */
export async function banksOfYear(db: DbOrTx, scope: YearScope, language: Language): Promise<ReportBank[]> {
  const rows = await listRecords(db, scope, 'banks');
  const collator = new Intl.Collator(localeOf(language), { sensitivity: 'base', numeric: true });
  return rows
    .flatMap((row) => {
      if (row.aid === null) return [];
      const fields = { name: text(row.data.name), systemKey: text(row.data.systemKey) };
      const name = accountDisplayName(
        { aid: row.aid, kind: 'bank', record: { number: row.number, ...fields } },
        language,
      );
      const fund = fundOf({ fund: text(row.data.fund), systemKey: fields.systemKey });
      return [{ uuid: row.uuid, aid: row.aid, name, fund, archived: row.archived }];
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** One period as the reports show it: its figures as of now (cancelled ticks no longer count). */
export interface PeriodFigures {
  uuid: string;
  bankUuid: string;
  /** The fiscal year its start falls in. */
  fiscalYear: string;
  periodStart: string;
  /** Exclusive. */
  periodEnd: string;
  startingBalance: Cents;
  closingBalance: Cents | null;
  clearedCredits: Cents;
  clearedDebits: Cents;
  clearedCount: number;
  /** starting + credits − debits − closing; null while the closing balance is not typed. */
  difference: Cents | null;
  isReconciled: boolean;
  /** What a correction of an earlier period changed, when it reopened this one. */
  changes: ReconciliationChange[] | null;
}

/** The bank's periods in date order, each with what is ticked in it. */
export async function periodsOfBank(
  db: DbOrTx,
  buildingId: string,
  bank: Pick<ReportBank, 'uuid' | 'aid'>,
): Promise<PeriodFigures[]> {
  const periods = await db
    .select()
    .from(reconciliationPeriod)
    .where(and(eq(reconciliationPeriod.buildingId, buildingId), eq(reconciliationPeriod.bankUuid, bank.uuid)))
    .orderBy(asc(reconciliationPeriod.periodStart));
  if (periods.length === 0) return [];
  const sums = await rowsOf<{ period_uuid: string; credits: string; debits: string; count: string | number }>(
    db,
    sql`select c.period_uuid,
          coalesce(sum(bl.amount) filter (where bl.amount > 0), 0) as credits,
          coalesce(-sum(bl.amount) filter (where bl.amount < 0), 0) as debits,
          count(*) as count
        from ${reconciliationClearing} c
        join ${bankLinesSql(buildingId, bank.aid)} bl on bl.transaction_uuid = c.transaction_uuid
        where c.building_id = ${buildingId} and c.bank_uuid = ${bank.uuid} and not bl.cancelled
        group by c.period_uuid`,
  );
  const byPeriod = new Map(sums.map((s) => [s.period_uuid, s]));
  return periods.map((p) => {
    const sum = byPeriod.get(p.uuid);
    const figures = {
      startingBalance: p.startingBalance,
      closingBalance: p.closingBalance,
      clearedCredits: centsFromSql(sum?.credits),
      clearedDebits: centsFromSql(sum?.debits),
    };
    return {
      uuid: p.uuid,
      bankUuid: p.bankUuid,
      fiscalYear: p.fiscalYear,
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      ...figures,
      clearedCount: Number(sum?.count ?? 0),
      difference: differenceOrNull(figures),
      isReconciled: p.isReconciled,
      changes: p.changes,
    };
  });
}

/** Every day of the period is on or before `at`. */
export const endedBy = (period: { periodEnd: string }, at: string): boolean =>
  period.periodEnd <= addDays(at, 1);

/** A movement of the bank not ticked by a date: an outstanding deposit (in) or check (out). */
export interface OutstandingItem {
  transactionUuid: string;
  date: string;
  description: string;
  meaning: unknown;
  checkNumber: string | null;
  /** Positive money in, negative money out. */
  amount: Cents;
}

/**
 * The bank's movements dated on or before `at` (of any fiscal year) that no period ended by `at`
 * ticks: the statement had not shown them by then. Cancelled transactions moved no money.
 */
export async function outstandingItems(
  db: DbOrTx,
  buildingId: string,
  bank: Pick<ReportBank, 'uuid' | 'aid'>,
  at: string,
): Promise<OutstandingItem[]> {
  const rows = await rowsOf<BankLineRow>(
    db,
    sql`select bl.* from ${bankLinesSql(buildingId, bank.aid)} bl
        where not bl.cancelled and bl.amount <> 0 and bl.date <= ${at}
          and not exists (
            select 1 from ${reconciliationClearing} c
            join ${reconciliationPeriod} p on p.building_id = c.building_id and p.uuid = c.period_uuid
            where c.building_id = ${buildingId} and c.bank_uuid = ${bank.uuid}
              and c.transaction_uuid = bl.transaction_uuid and p.period_end <= ${addDays(at, 1)})
        order by bl.date, bl.check_number nulls last, bl.transaction_uuid`,
  );
  return rows.map((row) => ({
    transactionUuid: row.transaction_uuid,
    date: row.date,
    description: row.description,
    meaning: row.meaning,
    checkNumber: row.check_number,
    amount: centsFromSql(row.amount),
  }));
}

export interface OutstandingTotals {
  count: number;
  /** Outstanding deposits: positive cents. */
  moneyIn: Cents;
  /** Outstanding checks and withdrawals: positive cents. */
  moneyOut: Cents;
}

export const outstandingTotals = (items: readonly OutstandingItem[]): OutstandingTotals => ({
  count: items.length,
  moneyIn: cents(items.reduce((sum, item) => (item.amount > 0 ? sum + item.amount : sum), 0)),
  moneyOut: cents(items.reduce((sum, item) => (item.amount < 0 ? sum - item.amount : sum), 0)),
});

/**
 * Each bank's ledger balance at the end of `at`, a day of the fiscal year: the year's balance
 * (its opening included) less the year's movements dated after `at`.
 */
export async function ledgerBalancesAt(
  db: DbOrTx,
  scope: YearScope,
  banks: readonly Pick<ReportBank, 'aid'>[],
  at: string,
): Promise<Map<number, Cents>> {
  const yearBalances = await accountBalances(
    db,
    scope,
    banks.map((bank) => bank.aid),
  );
  const balances = new Map<number, Cents>();
  for (const bank of banks) {
    const [later] = await rowsOf<{ amount: string | number | null }>(
      db,
      sql`select sum(bl.amount) as amount from ${bankLinesSql(scope.buildingId, bank.aid)} bl
          where not bl.cancelled and bl.fiscal_year = ${scope.fiscalYear} and bl.date > ${at}`,
    );
    balances.set(
      bank.aid,
      subtractCents(yearBalances.get(bank.aid) ?? zeroCents, centsFromSql(later?.amount)),
    );
  }
  return balances;
}
