import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  chainedStartingBalance,
  clearedTotals,
  differenceOrNull,
  endChangeProblem,
  fiscalYearHolding,
  newPeriodDatesProblem,
  snapshotOf,
  zeroCents,
  type Cents,
  type FieldIssue,
  type NewPeriodInput,
  type PeriodEditInput,
  type ReconciliationPeriod,
} from '@copro/domain';
import type { DbOrTx, Tx } from '../../../db/client';
import { reconciliationClearing, reconciliationPeriod, type LogChange } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';
import type { ReconciliationContext } from '../context';
import { bankOrNotFound, buildingYears, type BuildingYear, type ReconciledBank } from './bank';
import { rechain } from './chain';
import { logPeriod } from './period-log';
import { clearedSums, noSums } from './period-sql';
import { lockBankChain, periodsOf, placeOf, type ChainPlace, type PeriodRow } from './period-rows';
import { firstPeriodProposal, periodsNow, periodView, recheckPeriods } from './period-view';

/**
 * A bank's chained periods (DOMAIN 9): create, edit, reconcile, reopen, delete. Every write holds
 * the bank's chain (`lockBankChain`) until it commits.
 *
 * Edits and reopening: a reconciled period refuses every edit and tick until it is reopened;
 * reopening a period reopens every later reconciled one (they were reconciled on top of it), which
 * then show what changed since they were reconciled. Reconciled periods are so always the first
 * ones of the chain.
 *
 * Moving a period's end moves the next period's start with it (the chain has no gap nor overlap);
 * refused when the next period would be left empty or when a transaction ticked in the period is
 * dated on or after the new end (it would no longer belong to the period). What the next period
 * ticks stays valid either way: a period may tick anything dated before its own end.
 */

const where = (buildingId: string, uuid: string) =>
  and(eq(reconciliationPeriod.buildingId, buildingId), eq(reconciliationPeriod.uuid, uuid));

const invalid = (path: string, key: string): FieldIssue => ({ path: [path], key });

/** The bank, its periods and years, its chain held for the write. */
async function heldChain(tx: DbOrTx, ctx: ReconciliationContext, bankUuid: string) {
  await lockBankChain(tx, ctx.buildingId, bankUuid);
  const years = await buildingYears(tx, ctx.buildingId);
  const bank = await bankOrNotFound(tx, ctx.buildingId, bankUuid, years);
  const periods = await periodsOf(tx, ctx.buildingId, bankUuid);
  return { bank, periods, years };
}

export async function heldPeriod(
  tx: DbOrTx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
): Promise<{ bank: ReconciledBank; periods: PeriodRow[]; years: BuildingYear[]; place: ChainPlace }> {
  const chain = await heldChain(tx, ctx, bankUuid);
  return { ...chain, place: placeOf(chain.periods, periodUuid) };
}

/** A reconciled period is reopened before it changes. */
export function assertOpen(period: PeriodRow): void {
  if (period.isReconciled) throw new AppError('periodReconciled');
}

const yearOfStart = (start: string, years: readonly BuildingYear[]): string => {
  const year = fiscalYearHolding(start, years);
  if (year === null) throw new AppError('notFound');
  return year;
};

export async function createPeriod(
  tx: Tx,
  ctx: ReconciliationContext,
  bankUuid: string,
  input: NewPeriodInput,
): Promise<ReconciliationPeriod> {
  const { bank, periods, years } = await heldChain(tx, ctx, bankUuid);
  const latest = periods.at(-1);
  const issues: FieldIssue[] = [];
  let periodStart: string;
  let startingBalance: Cents;
  if (latest) {
    const sums = (await clearedSums(tx, ctx.buildingId, bank, [latest.uuid])).get(latest.uuid) ?? noSums;
    periodStart = latest.periodEnd;
    startingBalance = chainedStartingBalance({
      ...latest,
      clearedCredits: sums.credits,
      clearedDebits: sums.debits,
    });
    // Only the first period takes them; the same values as the chain's are no change.
    if (input.periodStart !== undefined && input.periodStart !== periodStart)
      issues.push(invalid('periodStart', 'reconciliation.periods.validation.startFixed'));
    if (input.startingBalance !== undefined && input.startingBalance !== startingBalance)
      issues.push(invalid('startingBalance', 'reconciliation.periods.validation.startingBalanceFixed'));
  } else {
    // The first period: what is typed, the proposal otherwise (its balance is the one before the start typed).
    const proposal =
      input.periodStart !== undefined && input.startingBalance !== undefined
        ? null
        : await firstPeriodProposal(tx, ctx, bank, input.periodStart);
    periodStart = input.periodStart ?? proposal?.periodStart ?? ctx.today;
    startingBalance = input.startingBalance ?? proposal?.startingBalance ?? zeroCents;
  }
  const dates = newPeriodDatesProblem({ periodStart, periodEnd: input.periodEnd });
  if (dates) issues.push(invalid('periodEnd', dates));
  if (issues.length > 0) throw new AppError('validation', issues);
  const uuid = randomUUID();
  const row = {
    buildingId: ctx.buildingId,
    uuid,
    bankUuid,
    fiscalYear: yearOfStart(periodStart, years),
    periodStart,
    periodEnd: input.periodEnd,
    startingBalance,
    closingBalance: input.closingBalance ?? null,
  };
  await tx.insert(reconciliationPeriod).values(row);
  await logPeriod(tx, ctx, bank, row, {
    event: 'bankReconciliationModified',
    message: 'created',
    metadata: { action: 'created', startingBalance, closingBalance: row.closingBalance },
  });
  return periodView(tx, ctx, bankUuid, uuid);
}

export async function editPeriod(
  tx: Tx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
  input: PeriodEditInput,
): Promise<ReconciliationPeriod> {
  const { bank, periods, years, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period, next } = place;
  assertOpen(period);
  const issues: FieldIssue[] = [];
  const set: Partial<PeriodRow> = {};
  const changes: LogChange[] = [];
  const change = <K extends 'periodEnd' | 'closingBalance' | 'startingBalance'>(
    field: K,
    after: PeriodRow[K],
  ) => {
    if (period[field] === after) return;
    set[field] = after;
    changes.push({ field, before: period[field], after });
  };
  if (input.startingBalance !== undefined) {
    if (place.previous && input.startingBalance !== period.startingBalance)
      issues.push(invalid('startingBalance', 'reconciliation.periods.validation.startingBalanceFixed'));
    else change('startingBalance', input.startingBalance);
  }
  if (input.closingBalance !== undefined) change('closingBalance', input.closingBalance);
  if (input.periodEnd !== undefined && input.periodEnd !== period.periodEnd) {
    const sums = (await clearedSums(tx, ctx.buildingId, bank, [period.uuid])).get(period.uuid) ?? noSums;
    const problem = endChangeProblem({
      periodStart: period.periodStart,
      newEnd: input.periodEnd,
      nextEnd: next?.periodEnd ?? null,
      latestTicked: sums.latest,
    });
    if (problem) issues.push(invalid('periodEnd', problem));
    else change('periodEnd', input.periodEnd);
  }
  if (issues.length > 0) throw new AppError('validation', issues);
  if (changes.length === 0) return periodView(tx, ctx, bankUuid, periodUuid);
  await tx.update(reconciliationPeriod).set(set).where(where(ctx.buildingId, period.uuid));
  const updated = periods.map((p) => (p.uuid === period.uuid ? { ...p, ...set } : p));
  if (set.periodEnd !== undefined && next) {
    // The next period is open (the periods after an open one are), and starts where this one ends.
    assertOpen(next);
    const moved = { periodStart: set.periodEnd, fiscalYear: yearOfStart(set.periodEnd, years) };
    await tx.update(reconciliationPeriod).set(moved).where(where(ctx.buildingId, next.uuid));
    updated[place.index + 1] = { ...next, ...moved };
  }
  await rechain(tx, ctx.buildingId, bank, updated);
  await logPeriod(
    tx,
    ctx,
    bank,
    { ...period, ...set },
    {
      event: 'bankReconciliationModified',
      message: 'edited',
      metadata: { action: 'edited', ...(next && set.periodEnd ? { nextPeriodUuid: next.uuid } : {}) },
      changes,
    },
  );
  return periodView(tx, ctx, bankUuid, periodUuid);
}

/**
 * Closes a period: the previous one is reconciled, the closing balance is typed and the
 * difference is exactly zero. What it holds then is kept (`snapshot`) for later re-checks.
 */
export async function reconcilePeriod(
  tx: Tx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
  now: Date,
): Promise<ReconciliationPeriod> {
  const { bank, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period, previous } = place;
  assertOpen(period);
  if (previous && !previous.isReconciled) throw new AppError('previousPeriodNotReconciled');
  const current = (await periodsNow(tx, ctx, bank, [period])).get(period.uuid);
  if (!current) throw new AppError('notFound');
  const totals = clearedTotals(current.cleared.map((t) => t.amount));
  const difference = differenceOrNull({
    startingBalance: period.startingBalance,
    clearedCredits: totals.credits,
    clearedDebits: totals.debits,
    closingBalance: period.closingBalance,
  });
  if (difference !== 0) throw new AppError('reconciliationNotBalanced');
  await tx
    .update(reconciliationPeriod)
    .set({
      isReconciled: true,
      reconciledAt: now,
      reconciledBy: ctx.source,
      snapshot: snapshotOf(current),
      changes: null,
    })
    .where(where(ctx.buildingId, period.uuid));
  await logPeriod(tx, ctx, bank, period, {
    event: 'bankReconciliationModified',
    message: 'reconciled',
    metadata: {
      action: 'reconciled',
      startingBalance: period.startingBalance,
      closingBalance: period.closingBalance,
      cleared: current.cleared.length,
    },
  });
  return periodView(tx, ctx, bankUuid, periodUuid);
}

/**
 * Reopens a period and every later reconciled one. Each later one records what changed since it
 * was reconciled (often nothing yet: the correction comes next, and its page follows it).
 */
export async function reopenPeriod(
  tx: Tx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
): Promise<ReconciliationPeriod> {
  const { bank, periods, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period } = place;
  if (!period.isReconciled) return periodView(tx, ctx, bankUuid, periodUuid);
  const reopen = { isReconciled: false, reconciledAt: null, reconciledBy: null };
  await tx
    .update(reconciliationPeriod)
    .set({ ...reopen, changes: null })
    .where(where(ctx.buildingId, period.uuid));
  const later = periods.slice(place.index + 1).filter((p) => p.isReconciled);
  const rechecked = await recheckPeriods(tx, ctx, bank, later);
  for (const p of later) {
    const changes = rechecked.get(p.uuid) ?? [];
    await tx
      .update(reconciliationPeriod)
      .set({ ...reopen, changes })
      .where(where(ctx.buildingId, p.uuid));
  }
  await logPeriod(tx, ctx, bank, period, {
    event: 'bankReconciliationModified',
    message: 'reopened',
    params: { later: later.length },
    metadata: { action: 'reopened', reopened: [period.uuid, ...later.map((p) => p.uuid)] },
  });
  return periodView(tx, ctx, bankUuid, periodUuid);
}

/** Deletes the bank's latest period, open, with its ticks; answers the row deleted (its statement file goes too). */
export async function deletePeriod(
  tx: Tx,
  ctx: ReconciliationContext,
  bankUuid: string,
  periodUuid: string,
): Promise<PeriodRow> {
  const { bank, place } = await heldPeriod(tx, ctx, bankUuid, periodUuid);
  const { period } = place;
  if (!place.isLatest) throw new AppError('periodNotLatest');
  assertOpen(period);
  const ticks = await tx
    .delete(reconciliationClearing)
    .where(
      and(
        eq(reconciliationClearing.buildingId, ctx.buildingId),
        eq(reconciliationClearing.periodUuid, period.uuid),
      ),
    )
    .returning({ uuid: reconciliationClearing.transactionUuid });
  await tx.delete(reconciliationPeriod).where(where(ctx.buildingId, period.uuid));
  await logPeriod(tx, ctx, bank, period, {
    event: 'periodDeleted',
    message: 'deleted',
    metadata: {
      startingBalance: period.startingBalance,
      closingBalance: period.closingBalance,
      uncleared: ticks.length,
    },
  });
  return period;
}
