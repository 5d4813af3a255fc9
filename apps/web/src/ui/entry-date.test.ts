import { describe, expect, it } from 'vitest';
import { defaultEntryDate } from './entry-date';

const year = { startDate: '2026-01-01', endDate: '2026-12-31' };

describe('defaultEntryDate', () => {
  it('is today within the year', () => {
    expect(defaultEntryDate('2026-11-22', year)).toBe('2026-11-22');
  });

  it('is the last day of a year that ended', () => {
    expect(defaultEntryDate('2027-02-03', year)).toBe('2026-12-31');
  });

  it('is the first day of a year not yet started', () => {
    expect(defaultEntryDate('2025-12-30', year)).toBe('2026-01-01');
  });
});
