import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents, type Cents } from '../money';
import {
  chainedStartingBalance,
  clearedTotals,
  differenceOrNull,
  endChangeProblem,
  firstPeriodStart,
  fiscalYearHolding,
  isTickableIn,
  newPeriodDatesProblem,
  nextPeriodProposal,
  periodDateProblems,
  periodDifference,
  recheckChanges,
  snapshotOf,
  type RecheckTransaction,
  type ReconciliationPeriodNow,
} from './periods';

const amountArb = fc.integer({ min: -1e9, max: 1e9 }).filter((n) => n !== 0);
const balanceArb = fc.integer({ min: -1e11, max: 1e11 }).map(cents);
const dateArb = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Transactions with distinct uuids. */
const transactionsArb = fc
  .uniqueArray(fc.uuid(), { maxLength: 30 })
  .chain((uuids) =>
    fc.tuple(
      ...uuids.map((uuid) =>
        fc.record({
          transactionUuid: fc.constant(uuid),
          date: dateArb,
          description: fc.string({ maxLength: 10 }),
          amount: amountArb.map(cents),
        }),
      ),
    ),
  )
  .map((list): RecheckTransaction[] => list);

const sum = (list: readonly { amount: Cents }[]): number => list.reduce((s, t) => s + t.amount, 0);

/** A period reconciled at zero: its closing balance is what its ticks bring the starting balance to. */
const reconciledNow = (startingBalance: Cents, cleared: RecheckTransaction[]): ReconciliationPeriodNow => ({
  startingBalance,
  closingBalance: cents(startingBalance + sum(cleared)),
  cleared,
  others: new Map(),
});

describe('the difference of a period', () => {
  it('follows starting + credits − debits − closing on hand-computed figures', () => {
    // $1,000 at the start, a $250 deposit and two checks ($100, $50.25), the statement closes at $1,099.75.
    const totals = clearedTotals([cents(25_000), cents(-10_000), cents(-5_025)]);
    expect(totals).toEqual({ credits: 25_000, debits: 15_025, count: 3 });
    const figures = {
      startingBalance: cents(100_000),
      clearedCredits: totals.credits,
      clearedDebits: totals.debits,
    };
    expect(periodDifference({ ...figures, closingBalance: cents(109_975) })).toBe(0);
    expect(periodDifference({ ...figures, closingBalance: cents(110_000) })).toBe(-25);
    expect(differenceOrNull({ ...figures, closingBalance: null })).toBeNull();
  });

  it('is zero exactly when the ticked amounts add up to closing − starting', () => {
    fc.assert(
      fc.property(
        balanceArb,
        balanceArb,
        fc.array(amountArb.map(cents), { maxLength: 40 }),
        (start, close, ticked) => {
          const totals = clearedTotals(ticked);
          const difference = periodDifference({
            startingBalance: start,
            clearedCredits: totals.credits,
            clearedDebits: totals.debits,
            closingBalance: close,
          });
          expect(difference === 0).toBe(sum(ticked.map((amount) => ({ amount }))) === close - start);
          expect(totals.credits).toBeGreaterThanOrEqual(0);
          expect(totals.debits).toBeGreaterThanOrEqual(0);
          expect(totals.count).toBe(ticked.length);
        },
      ),
    );
  });
});

describe('the chain of periods', () => {
  it('starts the next period at the previous end, with its closing balance, for a month', () => {
    const latest = {
      periodStart: '2026-01-01',
      periodEnd: '2026-02-01',
      startingBalance: cents(100_000),
      clearedCredits: cents(5_000),
      clearedDebits: cents(2_000),
      closingBalance: cents(104_000),
    };
    expect(nextPeriodProposal(latest)).toEqual({
      periodStart: '2026-02-01',
      periodEnd: '2026-03-01',
      startingBalance: 104_000,
      startEditable: false,
    });
    // While the previous closing balance is not typed: what its statement should close at.
    expect(chainedStartingBalance({ ...latest, closingBalance: null })).toBe(103_000);
  });

  it('proposes a first period at the month of the earliest transaction, within its fiscal year', () => {
    expect(firstPeriodStart({ earliestUnticked: '2026-03-17', fiscalYearStart: '2026-01-01' })).toBe(
      '2026-03-01',
    );
    expect(firstPeriodStart({ earliestUnticked: '2026-04-20', fiscalYearStart: '2026-04-15' })).toBe(
      '2026-04-15',
    );
    expect(firstPeriodStart({ earliestUnticked: null, fiscalYearStart: '2026-01-01' })).toBe('2026-01-01');
  });

  it('finds the fiscal year of a date, the nearest one outside every year', () => {
    const years = [
      { startDate: '2027-01-01', endDate: '2027-12-31' },
      { startDate: '2026-01-01', endDate: '2026-12-31' },
    ];
    expect(fiscalYearHolding('2026-12-31', years)).toBe('2026-01-01');
    expect(fiscalYearHolding('2027-01-01', years)).toBe('2027-01-01');
    expect(fiscalYearHolding('2025-06-01', years)).toBe('2026-01-01');
    expect(fiscalYearHolding('2029-06-01', years)).toBe('2027-01-01');
    expect(fiscalYearHolding('2029-06-01', [])).toBeNull();
  });

  it('refuses dates that break the chain', () => {
    expect(newPeriodDatesProblem({ periodStart: '2026-01-01', periodEnd: '2026-01-01' })).toBe(
      periodDateProblems.endNotAfterStart,
    );
    expect(newPeriodDatesProblem({ periodStart: '2026-01-01', periodEnd: '2026-01-02' })).toBeNull();
    const base = { periodStart: '2026-01-01', nextEnd: '2026-03-01', latestTicked: '2026-01-20' };
    expect(endChangeProblem({ ...base, newEnd: '2026-01-01' })).toBe(periodDateProblems.endNotAfterStart);
    expect(endChangeProblem({ ...base, newEnd: '2026-03-01' })).toBe(periodDateProblems.nextPeriodEmpty);
    expect(endChangeProblem({ ...base, newEnd: '2026-01-20' })).toBe(periodDateProblems.tickedOnOrAfterEnd);
    expect(endChangeProblem({ ...base, newEnd: '2026-01-21' })).toBeNull();
    expect(endChangeProblem({ ...base, newEnd: '2026-02-28' })).toBeNull();
    expect(endChangeProblem({ ...base, nextEnd: null, newEnd: '2027-01-01' })).toBeNull();
  });

  it('ticks a transaction dated on the start but not one dated on the end', () => {
    const period = { uuid: 'p', periodEnd: '2026-02-01' };
    const t = { cancelled: false, clearedIn: null };
    expect(isTickableIn({ ...t, date: '2026-01-01' }, period)).toBe(true);
    expect(isTickableIn({ ...t, date: '2025-11-15' }, period)).toBe(true);
    expect(isTickableIn({ ...t, date: '2026-02-01' }, period)).toBe(false);
    expect(isTickableIn({ ...t, date: '2026-01-10', cancelled: true }, period)).toBe(false);
    expect(isTickableIn({ ...t, date: '2026-01-10', clearedIn: 'other' }, period)).toBe(false);
    expect(isTickableIn({ ...t, date: '2026-01-10', clearedIn: 'p' }, period)).toBe(true);
  });
});

describe('re-checking a reconciled period', () => {
  it('finds nothing in a period that did not change', () => {
    fc.assert(
      fc.property(balanceArb, transactionsArb, (start, cleared) => {
        const now = reconciledNow(start, cleared);
        expect(recheckChanges(snapshotOf(now), now)).toEqual([]);
      }),
    );
  });

  it('names every change, and the difference is what they add up to', () => {
    fc.assert(
      fc.property(
        balanceArb,
        transactionsArb,
        transactionsArb,
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.array(fc.constantFrom('cancelled', 'clearedElsewhere', 'uncleared' as const)),
        fc.func(fc.boolean()),
        (start, held, arriving, shift, statuses, keeps) => {
          const before = reconciledNow(start, held);
          const snapshot = snapshotOf(before);
          const kept = held.filter((t) => keeps(t.transactionUuid));
          const gone = held.filter((t) => !keeps(t.transactionUuid));
          const heldUuids = new Set(held.map((t) => t.transactionUuid));
          const added = arriving.filter((t) => !heldUuids.has(t.transactionUuid));
          const status = (i: number) => statuses[i % Math.max(statuses.length, 1)] ?? 'uncleared';
          const now: ReconciliationPeriodNow = {
            startingBalance: cents(start + shift),
            closingBalance: before.closingBalance,
            cleared: [...kept, ...added],
            others: new Map(gone.map((t, i) => [t.transactionUuid, { ...t, status: status(i) }])),
          };
          const changes = recheckChanges(snapshot, now);
          expect(changes.filter((c) => c.kind === 'startingBalance')).toEqual(
            shift === 0 ? [] : [{ kind: 'startingBalance', before: start, after: start + shift }],
          );
          const goneChanges = changes.filter((c) =>
            ['cancelled', 'clearedElsewhere', 'uncleared'].includes(c.kind),
          );
          expect(goneChanges.map((c) => ('transactionUuid' in c ? c.transactionUuid : '')).sort()).toEqual(
            gone.map((t) => t.transactionUuid).sort(),
          );
          gone.forEach((t, i) => {
            expect(
              goneChanges.find((c) => 'transactionUuid' in c && c.transactionUuid === t.transactionUuid)
                ?.kind,
            ).toBe(status(i));
          });
          expect(
            changes
              .filter((c) => c.kind === 'cleared')
              .map((c) => ('transactionUuid' in c ? c.transactionUuid : ''))
              .sort(),
          ).toEqual(added.map((t) => t.transactionUuid).sort());
          // It reconciled at zero: what moved since is exactly the difference it shows now.
          const expected = shift + sum(added) - sum(gone);
          const difference = changes.find((c) => c.kind === 'difference');
          expect(difference).toEqual(
            expected === 0 ? undefined : { kind: 'difference', before: 0, after: expected },
          );
        },
      ),
    );
  });

  it('shows no difference while the closing balance is not typed', () => {
    const cleared = [
      { transactionUuid: crypto.randomUUID(), date: '2026-01-05', description: 'x', amount: cents(500) },
    ];
    const now = { startingBalance: cents(0), closingBalance: null, cleared, others: new Map() };
    expect(recheckChanges({ startingBalance: cents(0), cleared: [] }, now)).toEqual([
      { kind: 'cleared', ...cleared[0] },
    ]);
  });
});
