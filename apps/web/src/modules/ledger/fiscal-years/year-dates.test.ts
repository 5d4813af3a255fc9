import { describe, expect, it } from 'vitest';
import { buildingToday } from '@copro/domain';
import { defaultNewYearStart, endDateProblem, newYearStartProblem } from './year-dates';

const year2026 = { startDate: '2026-01-01', endDate: '2026-12-31', archived: false };
const year2025 = { startDate: '2025-01-01', endDate: '2025-12-31', archived: false };

describe('defaultNewYearStart', () => {
  it('is the day after the latest year ends', () => {
    expect(defaultNewYearStart(year2025, '2026-03-15')).toBe('2026-01-01');
  });

  it("is the building's today while the latest year has not ended", () => {
    expect(defaultNewYearStart(year2026, '2026-11-22')).toBe('2026-11-22');
  });

  it("counts today in the building's time zone, not in UTC", () => {
    const montrealEvening = new Date('2026-11-22T23:30:00-05:00');
    const today = buildingToday({ timeZone: 'America/Montreal' }, montrealEvening);
    expect(defaultNewYearStart(year2026, today)).toBe('2026-11-22');
  });
});

describe('newYearStartProblem', () => {
  const now = '2026-11-22';

  it('accepts a date after the latest start, up to today', () => {
    expect(newYearStartProblem('2026-01-02', year2026, now)).toBeNull();
    expect(newYearStartProblem('2026-11-22', year2026, now)).toBeNull();
  });

  it('refuses the latest start itself and anything before', () => {
    expect(newYearStartProblem('2026-01-01', year2026, now)).toBe('validation.dateTooEarly');
    expect(newYearStartProblem('2025-06-01', year2026, now)).toBe('validation.dateTooEarly');
  });

  it('refuses the future', () => {
    expect(newYearStartProblem('2026-11-23', year2026, now)).toBe('validation.dateTooLate');
  });

  it('asks for a date when there is none or it is not one', () => {
    expect(newYearStartProblem('', year2026, now)).toBe('validation.required');
    expect(newYearStartProblem('2026-02-30', year2026, now)).toBe('validation.required');
  });
});

describe('endDateProblem', () => {
  it('accepts the start itself up to the day before the next year', () => {
    expect(endDateProblem('2025-01-01', year2025, year2026)).toBeNull();
    expect(endDateProblem('2025-12-31', year2025, year2026)).toBeNull();
  });

  it('refuses an end before the start or on the next start', () => {
    expect(endDateProblem('2024-12-31', year2025, year2026)).toBe('validation.dateTooEarly');
    expect(endDateProblem('2026-01-01', year2025, year2026)).toBe('validation.dateTooLate');
  });

  it('leaves the latest year free to end later', () => {
    expect(endDateProblem('2027-06-30', year2026, undefined)).toBeNull();
  });
});
