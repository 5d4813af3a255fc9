import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import {
  addMonths,
  checkDateIssue,
  checkNumberKey,
  postDatedSeries,
  repeatedCheckNumbers,
} from './post-dated';

describe('post-dated checks', () => {
  it('numbers checks consecutively, keeping the width of the first number', () => {
    const series = postDatedSeries({
      firstNumber: '0098',
      count: 4,
      periodMonths: 1,
      firstDate: '2026-01-15',
      amount: cents(25_000),
    });
    expect(series.map((c) => c.number)).toEqual(['0098', '0099', '0100', '0101']);
    expect(series.map((c) => c.date)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15']);
    expect(series.every((c) => c.amount === 25_000)).toBe(true);
  });

  it('spaces the checks by the period and keeps the day, or the month end when shorter', () => {
    const series = postDatedSeries({
      firstNumber: '7',
      count: 3,
      periodMonths: 3,
      firstDate: '2026-11-30',
      amount: cents(1),
    });
    expect(series.map((c) => c.date)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30']);
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('check dates and numbers', () => {
  const year = { startDate: '2026-01-01', endDate: '2026-12-31' };

  it('takes a check dated in its year, or up to six months before it begins', () => {
    expect(checkDateIssue('2026-01-01', year)).toBeNull();
    expect(checkDateIssue('2026-12-31', year)).toBeNull();
    expect(checkDateIssue('2025-07-01', year)).toBeNull();
  });

  it('refuses a check dated after its year, or stale when the year begins', () => {
    expect(checkDateIssue('2027-01-01', year)).toEqual({
      key: 'receivables.validation.checkDateAfterYear',
      params: { date: '2026-12-31' },
    });
    expect(checkDateIssue('9999-12-31', year)?.key).toBe('receivables.validation.checkDateAfterYear');
    expect(checkDateIssue('2025-06-30', year)).toEqual({
      key: 'receivables.validation.checkDateStale',
      params: { date: '2025-07-01' },
    });
  });

  it('reads one number however it is typed', () => {
    expect(checkNumberKey('0098')).toBe(checkNumberKey('98'));
    expect(checkNumberKey('a-1')).toBe(checkNumberKey('A-1'));
    expect(checkNumberKey('0')).toBe('0');
    expect(checkNumberKey('0098')).not.toBe(checkNumberKey('0099'));
  });

  it('finds the numbers repeated in a list', () => {
    expect(repeatedCheckNumbers(['101', '102', '0101', '103', '102'])).toEqual([2, 4]);
    expect(repeatedCheckNumbers(['1', '2'])).toEqual([]);
  });
});
