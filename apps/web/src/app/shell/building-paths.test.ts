import { describe, expect, it } from 'vitest';
import { buildingHref, isFiscalYearParam, pagePathOf } from './building-paths';
import { fiscalYearName, maxWeeksInFiscalYear, newFiscalYearNeeded } from './fiscal-years';

describe('building addresses', () => {
  it('accepts only real calendar dates as the fiscal-year segment', () => {
    expect(isFiscalYearParam('2025-01-01')).toBe(true);
    expect(isFiscalYearParam('2026-13-01')).toBe(false);
    expect(isFiscalYearParam('2026-02-30')).toBe(false);
    expect(isFiscalYearParam('admin')).toBe(false);
  });

  it('leaves the latest year out of links and reads the page path with or without a year', () => {
    expect(buildingHref('jardins', undefined, 'admin/users')).toBe('/building/jardins/admin/users');
    expect(buildingHref('jardins', '2025-01-01', '')).toBe('/building/jardins/2025-01-01');
    expect(pagePathOf('/building/jardins/2025-01-01/admin/users', '/building/jardins')).toBe('admin/users');
    expect(pagePathOf('/building/jardins/admin/users/', '/building/jardins')).toBe('admin/users');
  });
});

describe('fiscal years', () => {
  const year = (startDate: string, endDate: string) => ({ startDate, endDate, archived: false });

  it(`asks for a new year once the current one started more than ${maxWeeksInFiscalYear} weeks ago (SPEC 9)`, () => {
    const start = year('2024-01-01', '2024-12-31');
    const exactly = new Date(Date.parse('2024-01-01T00:00:00Z') + maxWeeksInFiscalYear * 7 * 86_400_000);
    expect(newFiscalYearNeeded(start, exactly)).toBe(false);
    expect(newFiscalYearNeeded(start, new Date(exactly.getTime() + 1))).toBe(true);
  });

  it('names a calendar year by its year, a year across two by both', () => {
    expect(fiscalYearName(year('2026-01-01', '2026-12-31'))).toBe('2026');
    expect(fiscalYearName(year('2025-05-01', '2026-04-30'))).toBe('2025–2026');
  });
});
