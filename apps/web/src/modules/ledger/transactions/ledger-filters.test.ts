import { describe, expect, it } from 'vitest';
import { defaultFilters, isFiltered, ledgerSearch, pageCount, pageRange } from './ledger-filters';

describe('ledgerSearch', () => {
  it('asks for the page, its size and whether cancelled lines are hidden, and nothing else by default', () => {
    expect(ledgerSearch(defaultFilters, 1, 20)).toBe('hideCancelled=true&page=1&pageSize=20');
  });

  it('adds each filter that is set', () => {
    const filters = {
      from: '2026-02-01',
      to: '2026-03-31',
      kind: 'unitPayment',
      hideCancelled: false,
    } as const;
    expect(new URLSearchParams(ledgerSearch(filters, 3, 50)).toString()).toBe(
      'from=2026-02-01&to=2026-03-31&kind=unitPayment&hideCancelled=false&page=3&pageSize=50',
    );
  });
});

describe('isFiltered', () => {
  it('is false for the defaults and true once a date or a kind narrows the list', () => {
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered({ ...defaultFilters, hideCancelled: false })).toBe(false);
    expect(isFiltered({ ...defaultFilters, from: '2026-01-01' })).toBe(true);
    expect(isFiltered({ ...defaultFilters, kind: 'bankFee' })).toBe(true);
  });
});

describe('paging', () => {
  it('counts at least one page, and rounds a partial last page up', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('numbers the lines a page shows among all matching lines', () => {
    expect(pageRange(2, 20, 20)).toEqual({ first: 21, last: 40 });
    expect(pageRange(3, 20, 17)).toEqual({ first: 41, last: 57 });
    expect(pageRange(1, 20, 0)).toEqual({ first: 0, last: 0 });
  });
});
