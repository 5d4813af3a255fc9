import { describe, expect, it } from 'vitest';
import { cents, type ReceivablesSummary } from '@copro/domain';
import { firstUnitsInArrears } from './receivables-summary';

const summary = (units: [string, number, number][]): ReceivablesSummary => ({
  totalReceivables: cents(0),
  unitsInArrears: units.map(([number, months, balance]) => ({
    uuid: `u-${number}`,
    number,
    months,
    balance: cents(balance),
  })),
  arrearsThresholdMonths: 3,
  checksAwaitingDeposit: { count: 0, total: cents(0) },
});

describe('firstUnitsInArrears', () => {
  it('names the longest in arrears first, then the largest balance, and counts the rest', () => {
    const { shown, more } = firstUnitsInArrears(
      summary([
        ['10', 1, 500],
        ['2', 5, 100],
        ['3', 1, 900],
        ['9', 1, 500],
      ]),
      3,
    );
    expect(shown.map((u) => u.number)).toEqual(['2', '3', '9']);
    expect(more).toBe(1);
  });

  it('has no rest when all fit', () => {
    expect(firstUnitsInArrears(summary([['1', 2, 10]]), 5).more).toBe(0);
    expect(firstUnitsInArrears(summary([]), 5)).toEqual({ shown: [], more: 0 });
  });
});
