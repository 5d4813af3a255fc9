import { describe, expect, it } from 'vitest';
import { addDays, buildingToday, monthOf, todayIn } from './time';

describe('todayIn', () => {
  const lateEvening = new Date('2026-03-01T03:30:00Z');
  it('is the date in the building’s time zone, not UTC', () => {
    expect(todayIn('America/Montreal', lateEvening)).toBe('2026-02-28');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-01');
    expect(buildingToday({ timeZone: 'America/Vancouver' }, lateEvening)).toBe('2026-02-28');
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(todayIn('Not/AZone', lateEvening)).toBe('2026-03-01');
  });
});

describe('addDays and monthOf', () => {
  it('moves across months, years and daylight-saving changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(monthOf('2026-11-25')).toBe('2026-11-01');
  });
});
