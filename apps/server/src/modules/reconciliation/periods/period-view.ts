import {
  differenceOrNull,
  firstPeriodStart,
  fiscalYearHolding,
  nextPeriodProposal,
  proposedPeriodEnd,
  readDescription,
  recheckChanges,
  type BankReconciliation,
  type Cents,
  type RecheckGoneStatus,
  type RecheckTransaction,
  type ReconciliationChange,
  type ReconciliationPeriod,
  type ReconciliationPeriodNow,
  type ReconciliationPeriodProposal,
} from '@copro/domain';
import type { DbOrTx } from '../../../db/client';
import { centsFromSql } from '../../../db/money';
import type { ReconciledSnapshot } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { ReconciliationContext } from '../context';
import { bankOrNotFound, buildingYears, type ReconciledBank } from './bank';
import {
  balanceBefore,
  clearedSums,
  clearedUuidsOf,
  earliestUnticked,
  linesOfTransactions,
  noSums,
  type ClearedSums,
  type TickedLineRow,
} from './period-sql';
import { periodsOf, placeOf, type ChainPlace, type PeriodRow } from './period-rows';

const recheckTransaction = (row: TickedLineRow, ctx: ReconciliationContext): RecheckTransaction => ({
  transactionUuid: row.transaction_uuid,
  date: row.date,
  description: readDescription({ description: row.description, meaning: row.meaning }, ctx.language),
  amount: centsFromSql(row.amount),
});

/**
 * The period as it stands: its live ticked transactions, and what became of each transaction its
 * snapshot held that is no longer among them.
 */
export async function periodNow(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  period: PeriodRow,
): Promise<ReconciliationPeriodNow> {
  const ticked = await clearedUuidsOf(db, ctx.buildingId, period.uuid);
  const held = period.snapshot?.cleared.map((c) => c.uuid) ?? [];
  const rows = await linesOfTransactions(db, ctx.buildingId, bank, [...ticked, ...held]);
  const isCleared = (r: TickedLineRow) => r.period_uuid === period.uuid && !r.cancelled;
  const statusOf = (r: TickedLineRow): RecheckGoneStatus =>
    r.cancelled
      ? 'cancelled'
      : r.period_uuid !== null && r.period_uuid !== period.uuid
        ? 'clearedElsewhere'
        : 'uncleared';
  return {
    startingBalance: period.startingBalance,
    closingBalance: period.closingBalance,
    cleared: rows.filter(isCleared).map((r) => recheckTransaction(r, ctx)),
    others: new Map(
      rows
        .filter((r) => !isCleared(r))
        .map((r) => [r.transaction_uuid, { ...recheckTransaction(r, ctx), status: statusOf(r) }]),
    ),
  };
}

/** What changed in the period since its snapshot. */
export async function recheckPeriod(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  period: PeriodRow & { snapshot: ReconciledSnapshot },
): Promise<ReconciliationChange[]> {
  return recheckChanges(period.snapshot, await periodNow(db, ctx, bank, period));
}

/**
 * The changes a period shows, computed as it is read so nothing changes silently (DOMAIN 9):
 * - reconciled, with a ticked transaction cancelled since (nothing else can change under a
 *   reconciled period: it and every period before it refuse edits): what changed, never a silent
 *   zero;
 * - reopened because an earlier period was corrected (its stored `changes` are set): everything
 *   that changed since it was reconciled, as the correction goes on;
 * - otherwise none.
 */
async function shownChanges(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  period: PeriodRow,
  sums: ClearedSums,
): Promise<ReconciliationChange[] | null> {
  const { snapshot } = period;
  if (!snapshot) return null;
  if (period.isReconciled) {
    if (sums.cancelled === 0) return null;
    const changes = await recheckPeriod(db, ctx, bank, { ...period, snapshot });
    return changes.length > 0 ? changes : null;
  }
  if (period.changes === null) return null;
  return recheckPeriod(db, ctx, bank, { ...period, snapshot });
}

const nameOf = (source: PeriodRow['reconciledBy']): string | null =>
  source ? (source.name ?? source.email ?? source.id) : null;

/** A period's answer, given its place in the chain and what is ticked in it. */
export async function viewOf(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  place: Pick<ChainPlace, 'period' | 'isLatest'>,
  sums: ClearedSums,
): Promise<ReconciliationPeriod> {
  const { period } = place;
  const file = period.statementFile;
  return {
    uuid: period.uuid,
    bankUuid: period.bankUuid,
    fiscalYear: period.fiscalYear,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    startingBalance: period.startingBalance,
    closingBalance: period.closingBalance,
    isReconciled: period.isReconciled,
    clearedCredits: sums.credits,
    clearedDebits: sums.debits,
    clearedCount: sums.count,
    difference: differenceOrNull({
      startingBalance: period.startingBalance,
      clearedCredits: sums.credits,
      clearedDebits: sums.debits,
      closingBalance: period.closingBalance,
    }),
    statement: file ? { fileName: file.fileName, size: file.size, uploadedAt: file.uploadedAt } : null,
    reconciledAt: period.reconciledAt?.toISOString() ?? null,
    reconciledBy: nameOf(period.reconciledBy),
    changes: await shownChanges(db, ctx, bank, period, sums),
    // A reconciled period is reopened before it can go.
    deletable: place.isLatest && !period.isReconciled,
  };
}

/** A period of the bank as the API answers it; another bank's or building's period is not found. */
export async function periodView(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
): Promise<ReconciliationPeriod> {
  const bank = await bankOrNotFound(db, ctx.buildingId, bankUuid);
  const place = placeOf(await periodsOf(db, ctx.buildingId, bankUuid), periodUuid);
  const sums = await clearedSums(db, ctx.buildingId, bank, [periodUuid]);
  return viewOf(db, ctx, bank, place, sums.get(periodUuid) ?? noSums);
}

/** The first period proposed for a bank that has none (rule in the domain's `firstPeriodStart`). */
export async function firstPeriodProposal(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bank: ReconciledBank,
  periodStart?: string,
): Promise<ReconciliationPeriodProposal> {
  const years = await buildingYears(db, ctx.buildingId);
  let start = periodStart;
  if (start === undefined) {
    const earliest = await earliestUnticked(db, ctx.buildingId, bank);
    const year = fiscalYearHolding(earliest ?? ctx.today, years);
    if (year === null) throw new AppError('notFound');
    start = firstPeriodStart({ earliestUnticked: earliest, fiscalYearStart: year });
  }
  const year = fiscalYearHolding(start, years);
  if (year === null) throw new AppError('notFound');
  const startingBalance: Cents = await balanceBefore(db, ctx.buildingId, bank, start, year);
  return { periodStart: start, periodEnd: proposedPeriodEnd(start), startingBalance, startEditable: true };
}

/** A bank's reconciliation page: its periods, latest first, and the next one proposed. */
export async function bankReconciliation(
  db: DbOrTx,
  ctx: ReconciliationContext,
  bankUuid: string,
): Promise<BankReconciliation> {
  const bank = await bankOrNotFound(db, ctx.buildingId, bankUuid);
  const periods = await periodsOf(db, ctx.buildingId, bankUuid);
  const sums = await clearedSums(
    db,
    ctx.buildingId,
    bank,
    periods.map((p) => p.uuid),
  );
  const views: ReconciliationPeriod[] = [];
  for (const [index, period] of periods.entries()) {
    const place = { period, isLatest: index === periods.length - 1 };
    views.push(await viewOf(db, ctx, bank, place, sums.get(period.uuid) ?? noSums));
  }
  const latest = periods.at(-1);
  const latestSums = latest ? (sums.get(latest.uuid) ?? noSums) : noSums;
  return {
    bank: { uuid: bank.uuid, name: bank.name, aid: bank.aid },
    periods: views.reverse(),
    next: latest
      ? nextPeriodProposal({
          ...latest,
          clearedCredits: latestSums.credits,
          clearedDebits: latestSums.debits,
        })
      : await firstPeriodProposal(db, ctx, bank),
  };
}
