import type { Cents, ReconciliationChange, ReconciliationPeriod } from '@copro/domain';

/**
 * What a period's page says about it (DOMAIN 9), kept apart from the page so it can be tested:
 * its standing, the figures of its header, the wording of what changed since it was reconciled,
 * and which actions it offers.
 */

/** Reconciled, still open, or reopened because an earlier period was corrected (with or without changes found). */
export type PeriodStatus = 'reconciled' | 'open' | 'reopened' | 'reopenedWithChanges';

export function periodStatus(period: Pick<ReconciliationPeriod, 'isReconciled' | 'changes'>): PeriodStatus {
  if (period.isReconciled) return 'reconciled';
  if (period.changes === null) return 'open';
  return period.changes.length > 0 ? 'reopenedWithChanges' : 'reopened';
}

export const statusColor: Record<PeriodStatus, string> = {
  reconciled: 'green',
  open: 'blue',
  reopened: 'orange',
  reopenedWithChanges: 'red',
};

export type FigureKey = 'starting' | 'credits' | 'debits' | 'closing' | 'difference';

/** One figure of the header: its amount, null while the statement's closing balance is not typed. */
export interface Figure {
  key: FigureKey;
  amount: Cents | null;
}

/** Starting balance + credits − debits − closing balance = difference, in that order, as the server counts them. */
export const periodFigures = (period: ReconciliationPeriod): Figure[] => [
  { key: 'starting', amount: period.startingBalance },
  { key: 'credits', amount: period.clearedCredits },
  { key: 'debits', amount: period.clearedDebits },
  { key: 'closing', amount: period.closingBalance },
  { key: 'difference', amount: period.difference },
];

/** Green at zero, red otherwise; grey while there is no difference to show. */
export function differenceColor(difference: Cents | null): 'green' | 'red' | 'gray' {
  if (difference === null) return 'gray';
  return difference === 0 ? 'green' : 'red';
}

/** A button: not shown, shown but unusable (with why), or usable. */
export type ActionState = { shown: false } | { shown: true; enabled: boolean; reasonKey: string | null };

const hidden: ActionState = { shown: false };
const enabled: ActionState = { shown: true, enabled: true, reasonKey: null };
const disabledBecause = (reasonKey: string): ActionState => ({ shown: true, enabled: false, reasonKey });

export interface PeriodActions {
  reconcile: ActionState;
  reopen: boolean;
  delete: boolean;
  /** End date, closing balance (and the first period's starting balance). */
  edit: boolean;
  /** Tick and untick its transactions, import a statement into it. */
  tick: boolean;
  /** Attach or remove the statement PDF (kept with a reconciled period too). */
  statement: boolean;
}

/**
 * What a period offers: nothing to a reader; to a writer, an open period is edited, ticked and
 * reconciled once its difference is zero and the period before it is reconciled; a reconciled one
 * is reopened first. Only the latest period may be deleted (the server says which).
 */
export function periodActions(
  period: ReconciliationPeriod,
  { canWrite, previousReconciled }: { canWrite: boolean; previousReconciled: boolean },
): PeriodActions {
  if (!canWrite)
    return { reconcile: hidden, reopen: false, delete: false, edit: false, tick: false, statement: false };
  const open = !period.isReconciled;
  const reconcile = !open
    ? hidden
    : period.difference === null
      ? disabledBecause('reconciliationPages.period.closingMissing')
      : period.difference !== 0
        ? disabledBecause('reconciliationPages.period.differenceNotZero')
        : !previousReconciled
          ? disabledBecause('reconciliation.errors.previousNotReconciled')
          : enabled;
  return {
    reconcile,
    reopen: !open,
    delete: period.deletable,
    edit: open,
    tick: open,
    statement: true,
  };
}

/** A message and its values, translated where it is shown (the language may change meanwhile). */
export interface Message {
  key: string;
  params: Record<string, string>;
}

export interface Formats {
  money: (amount: Cents) => string;
  day: (isoDate: string) => string;
}

/**
 * One change found in a reopened period, in words (DOMAIN 9: "re-checked, never silent"): the
 * starting balance or the difference from what to what, or which transaction is no longer ticked,
 * was cancelled, is ticked elsewhere or is newly ticked here.
 */
export function changeMessage(change: ReconciliationChange, { money, day }: Formats): Message {
  switch (change.kind) {
    case 'startingBalance':
    case 'difference':
      return {
        key: `reconciliationPages.changes.${change.kind}`,
        params: { before: money(change.before), after: money(change.after) },
      };
    case 'uncleared':
    case 'cancelled':
    case 'clearedElsewhere':
    case 'cleared':
      return {
        key: `reconciliationPages.changes.${change.kind}`,
        params: { description: change.description, date: day(change.date), amount: money(change.amount) },
      };
  }
}

/** The kinds of changes, for the test that their words exist in both languages. */
export const changeKinds = [
  'startingBalance',
  'difference',
  'uncleared',
  'cancelled',
  'clearedElsewhere',
  'cleared',
] as const satisfies readonly ReconciliationChange['kind'][];
