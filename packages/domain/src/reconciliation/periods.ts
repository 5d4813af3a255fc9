import { addCents, cents, subtractCents, type Cents } from '../money';
import { addMonths } from '../receivables/post-dated';
import type { ReconciliationChange } from '../schemas/reconciliation';
import { monthOf } from '../time';

/**
 * DOMAIN 9: a bank account's reconciliation periods, chained.
 *
 * - A period covers [start, end): a transaction dated on the start belongs to it, one dated on the
 *   end belongs to the next period.
 * - Its difference = starting balance + ticked credits − ticked debits − the statement's closing
 *   balance (credits: money in, debits: money out, both positive). It reconciles only at exactly
 *   zero; while the closing balance is not typed there is no difference.
 * - The chain: the next period starts at the previous one's end, and its starting balance is the
 *   previous closing balance (while that is not typed: what the previous statement should close
 *   at, its starting balance + its ticked credits − debits). Only a bank's first period takes a
 *   typed start and starting balance. Proposed, the first period starts on the 1st of the month
 *   of the bank's earliest unticked transaction (not before the fiscal year holding it starts),
 *   or at the start of the current fiscal year when the bank has none; its starting balance is the
 *   bank's ledger balance before that start. Every proposed period ends one month after it starts.
 * - Dates: a period ends after it starts. Moving a period's end moves the next period's start with
 *   it; it may not leave the next period empty, nor leave a transaction ticked in the period dated
 *   on or after its new end.
 * - Re-check: a reconciled period keeps a snapshot (its starting balance and each ticked
 *   transaction with its amount). Compared with the period now, the changes are: the starting
 *   balance moved; each snapshot transaction no longer ticked here (cancelled, ticked in another
 *   period, or unticked); each transaction ticked here since; and the difference the period now
 *   shows, when it is no longer zero (it was zero when reconciled). Nothing changed: no change.
 */

export interface ReconciliationFigures {
  startingBalance: Cents;
  clearedCredits: Cents;
  clearedDebits: Cents;
}

/** starting + credits − debits − closing. */
export function periodDifference(figures: ReconciliationFigures & { closingBalance: Cents }): Cents {
  return subtractCents(
    addCents(figures.startingBalance, figures.clearedCredits),
    addCents(figures.clearedDebits, figures.closingBalance),
  );
}

/** The difference, or null while the closing balance is not typed. */
export const differenceOrNull = (
  figures: ReconciliationFigures & { closingBalance: Cents | null },
): Cents | null =>
  figures.closingBalance === null
    ? null
    : periodDifference({ ...figures, closingBalance: figures.closingBalance });

/** What the statement should close at given what is ticked: starting + credits − debits. */
export const expectedClosing = (figures: ReconciliationFigures): Cents =>
  subtractCents(addCents(figures.startingBalance, figures.clearedCredits), figures.clearedDebits);

/** Ticked amounts (positive in, negative out) as the statement's credits and debits. */
export function clearedTotals(amounts: Iterable<Cents>): { credits: Cents; debits: Cents; count: number } {
  let credits = 0;
  let debits = 0;
  let count = 0;
  for (const amount of amounts) {
    if (amount > 0) credits += amount;
    else debits -= amount;
    count += 1;
  }
  return { credits: cents(credits), debits: cents(debits), count };
}

/** A period as the chain sees it. */
export interface ChainedReconciliationPeriod extends ReconciliationFigures {
  periodStart: string;
  periodEnd: string;
  closingBalance: Cents | null;
}

/** The starting balance a period after `previous` takes. */
export const chainedStartingBalance = (
  previous: ReconciliationFigures & { closingBalance: Cents | null },
): Cents => previous.closingBalance ?? expectedClosing(previous);

/** The end proposed for a period starting on `start`: one month later. */
export const proposedPeriodEnd = (start: string): string => addMonths(start, 1);

export interface ReconciliationPeriodProposal {
  periodStart: string;
  periodEnd: string;
  startingBalance: Cents;
  startEditable: boolean;
}

/** The period after the bank's latest one. */
export const nextPeriodProposal = (latest: ChainedReconciliationPeriod): ReconciliationPeriodProposal => ({
  periodStart: latest.periodEnd,
  periodEnd: proposedPeriodEnd(latest.periodEnd),
  startingBalance: chainedStartingBalance(latest),
  startEditable: false,
});

/**
 * Where a bank's first period is proposed to start: the 1st of the month of its earliest unticked
 * transaction, but not before the fiscal year that holds it starts; with no transaction, the start
 * of the current fiscal year.
 */
export function firstPeriodStart(input: {
  earliestUnticked: string | null;
  /** The start of the fiscal year holding the earliest transaction, or the current year's. */
  fiscalYearStart: string;
}): string {
  if (input.earliestUnticked === null) return input.fiscalYearStart;
  const month = monthOf(input.earliestUnticked);
  return month < input.fiscalYearStart && input.fiscalYearStart <= input.earliestUnticked
    ? input.fiscalYearStart
    : month;
}

/** The fiscal year (its start) a date falls in; outside every year, the nearest one. */
export function fiscalYearHolding(
  date: string,
  years: readonly { startDate: string; endDate: string }[],
): string | null {
  const sorted = [...years].sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  const first = sorted[0];
  if (!first) return null;
  const holding = sorted.find((y) => y.startDate <= date && date <= y.endDate);
  if (holding) return holding.startDate;
  if (date < first.startDate) return first.startDate;
  // After the latest year, or in a gap between two: the latest year started before it.
  return sorted.filter((y) => y.startDate <= date).at(-1)?.startDate ?? first.startDate;
}

/** The i18n keys of the period date problems (catalog part `closing/reconciliation`). */
export const periodDateProblems = {
  endNotAfterStart: 'reconciliation.periods.validation.endNotAfterStart',
  nextPeriodEmpty: 'reconciliation.periods.validation.nextPeriodEmpty',
  tickedOnOrAfterEnd: 'reconciliation.periods.validation.tickedOnOrAfterEnd',
} as const;
export type ReconciliationDateProblem = (typeof periodDateProblems)[keyof typeof periodDateProblems];

/** A new period's dates: it ends after it starts. */
export const newPeriodDatesProblem = (period: {
  periodStart: string;
  periodEnd: string;
}): ReconciliationDateProblem | null =>
  period.periodEnd > period.periodStart ? null : periodDateProblems.endNotAfterStart;

/**
 * A period's end moved to `newEnd`: it still ends after it starts, the next period (whose start
 * moves with it) keeps at least a day, and nothing ticked in the period is dated on or after it.
 */
export function endChangeProblem(input: {
  periodStart: string;
  newEnd: string;
  /** The next period's end, when there is a next period. */
  nextEnd: string | null;
  /** The latest date of the transactions ticked in the period, when any. */
  latestTicked: string | null;
}): ReconciliationDateProblem | null {
  if (input.newEnd <= input.periodStart) return periodDateProblems.endNotAfterStart;
  if (input.nextEnd !== null && input.newEnd >= input.nextEnd) return periodDateProblems.nextPeriodEmpty;
  if (input.latestTicked !== null && input.latestTicked >= input.newEnd)
    return periodDateProblems.tickedOnOrAfterEnd;
  return null;
}

/** Where a transaction stands for a period's tick list: the rule that decides whether it may be ticked there. */
export function isTickableIn(
  transaction: { date: string; cancelled: boolean; clearedIn: string | null },
  period: { uuid: string; periodEnd: string },
): boolean {
  return (
    !transaction.cancelled &&
    transaction.date < period.periodEnd &&
    (transaction.clearedIn === null || transaction.clearedIn === period.uuid)
  );
}

// ---------------------------------------------------------------- re-check

/** What a period held when it was reconciled. */
export interface ReconciliationSnapshot {
  startingBalance: Cents;
  cleared: readonly { uuid: string; amount: Cents }[];
}

/** A transaction of the bank as a change names it (its description in the reader's language). */
export interface RecheckTransaction {
  transactionUuid: string;
  date: string;
  description: string;
  amount: Cents;
}

export type RecheckGoneStatus = 'cancelled' | 'clearedElsewhere' | 'uncleared';

/** The period now. */
export interface ReconciliationPeriodNow {
  startingBalance: Cents;
  closingBalance: Cents | null;
  /** The non-cancelled transactions ticked in the period now. */
  cleared: readonly RecheckTransaction[];
  /**
   * What became of a snapshot transaction no longer among `cleared`, by uuid. One the ledger no
   * longer holds has nothing to show and is left out (the difference still counts it).
   */
  others: ReadonlyMap<string, RecheckTransaction & { status: RecheckGoneStatus }>;
}

const byDate = <T extends { date: string; transactionUuid: string }>(a: T, b: T): number =>
  a.date === b.date ? (a.transactionUuid < b.transactionUuid ? -1 : 1) : a.date < b.date ? -1 : 1;

/** The snapshot a period takes when reconciled now. */
export const snapshotOf = (
  now: Pick<ReconciliationPeriodNow, 'startingBalance' | 'cleared'>,
): { startingBalance: Cents; cleared: { uuid: string; amount: Cents }[] } => ({
  startingBalance: now.startingBalance,
  cleared: now.cleared.map((t) => ({ uuid: t.transactionUuid, amount: t.amount })),
});

/** What changed in a period since its snapshot (the file header's rule). */
export function recheckChanges(
  snapshot: ReconciliationSnapshot,
  now: ReconciliationPeriodNow,
): ReconciliationChange[] {
  const changes: ReconciliationChange[] = [];
  if (snapshot.startingBalance !== now.startingBalance) {
    changes.push({ kind: 'startingBalance', before: snapshot.startingBalance, after: now.startingBalance });
  }
  const nowUuids = new Set(now.cleared.map((t) => t.transactionUuid));
  const before = new Set(snapshot.cleared.map((t) => t.uuid));
  const gone = snapshot.cleared
    .filter((t) => !nowUuids.has(t.uuid))
    .map((t) => {
      const other = now.others.get(t.uuid);
      return {
        kind: other?.status ?? 'uncleared',
        transactionUuid: t.uuid,
        date: other?.date ?? '',
        description: other?.description ?? '',
        amount: t.amount,
      };
    })
    // A transaction the ledger no longer holds has no date to show; it still counts in the difference.
    .filter((t) => t.date !== '')
    .sort(byDate);
  for (const t of gone) changes.push(t);
  const added = now.cleared.filter((t) => !before.has(t.transactionUuid)).sort(byDate);
  for (const t of added) {
    changes.push({
      kind: 'cleared',
      transactionUuid: t.transactionUuid,
      date: t.date,
      description: t.description,
      amount: t.amount,
    });
  }
  if (now.closingBalance !== null) {
    const totals = clearedTotals(now.cleared.map((t) => t.amount));
    const after = periodDifference({
      startingBalance: now.startingBalance,
      clearedCredits: totals.credits,
      clearedDebits: totals.debits,
      closingBalance: now.closingBalance,
    });
    if (after !== 0) changes.push({ kind: 'difference', before: cents(0), after });
  }
  return changes;
}
