import { describe, expect, it } from 'vitest';
import { cents, type ArrearsRow } from '@copro/domain';
import {
  arrearsTotals,
  keepSelected,
  matchingArrears,
  reminderBody,
  sortArrears,
  toggleAll,
} from './arrears-rows';

const row = (unitNumber: string, over: Partial<ArrearsRow> = {}): ArrearsRow => ({
  unitUuid: `u-${unitNumber}`,
  unitNumber,
  balance: cents(10000),
  months: 1,
  since: '2026-01-01',
  level: 1,
  flagged: false,
  lastReminder: null,
  ...over,
});

describe('sortArrears', () => {
  it('puts the flagged first, then the longest in arrears, the largest balance, the unit number', () => {
    const rows = [
      row('10'),
      row('9'),
      row('101', { months: 2 }),
      row('5', { months: 4, flagged: true }),
      row('7', { balance: cents(50000) }),
    ];
    expect(sortArrears(rows).map((r) => r.unitNumber)).toEqual(['5', '101', '7', '9', '10']);
    expect(rows[0]?.unitNumber).toBe('10');
  });
});

describe('matchingArrears', () => {
  it('finds units by number whatever the case or accents, and all of them for an empty search', () => {
    const rows = [row('A-101'), row('B-202'), row('Pénthouse')];
    expect(matchingArrears(rows, 'a-1').map((r) => r.unitNumber)).toEqual(['A-101']);
    expect(matchingArrears(rows, 'penth').map((r) => r.unitNumber)).toEqual(['Pénthouse']);
    expect(matchingArrears(rows, '  ')).toHaveLength(3);
  });
});

describe('arrearsTotals', () => {
  it('counts the units, the flagged ones and what they owe', () => {
    expect(arrearsTotals([row('1', { flagged: true }), row('2', { balance: cents(2550) })])).toEqual({
      units: 2,
      flagged: 1,
      balance: 12550,
    });
  });
});

describe('reminders and selection', () => {
  const rows = [row('1'), row('2'), row('3')];

  it('sends to the selected units still listed, or to all with nothing selected', () => {
    expect(reminderBody(rows, new Set(['u-2', 'u-gone']))).toEqual({ unitUuids: ['u-2'] });
    expect(reminderBody(rows, new Set())).toEqual({});
    expect(reminderBody(rows, new Set(['u-gone']))).toEqual({});
  });

  it('forgets units that left the list', () => {
    expect([...keepSelected(rows, new Set(['u-1', 'u-9']))]).toEqual(['u-1']);
  });

  it('ticks every row shown, then clears them, leaving the others as they were', () => {
    const shown = rows.slice(0, 2);
    const all = toggleAll(shown, new Set(['u-3']));
    expect([...all].sort()).toEqual(['u-1', 'u-2', 'u-3']);
    expect([...toggleAll(shown, all)]).toEqual(['u-3']);
    expect(toggleAll([], new Set(['u-3'])).size).toBe(1);
  });
});
