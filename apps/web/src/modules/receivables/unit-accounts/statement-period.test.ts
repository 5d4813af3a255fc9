import { describe, expect, it } from 'vitest';
import { defaultStatementPeriod } from './statement-period';

const year = { startDate: '2026-01-01', endDate: '2026-12-31' };

describe('statement period', () => {
  it('runs from the start of the year to today, within the year', () => {
    expect(defaultStatementPeriod('2026-11-24', year)).toEqual({ from: '2026-01-01', to: '2026-11-24' });
    expect(defaultStatementPeriod('2027-02-03', year)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(defaultStatementPeriod('2025-12-30', year)).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });
});
