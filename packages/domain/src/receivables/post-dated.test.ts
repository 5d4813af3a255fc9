import { describe, expect, it } from 'vitest';
import { addMonths, postDatedSeries } from './post-dated';

describe('post-dated checks', () => {
  it('numbers checks consecutively, keeping the width of the first number', () => {
    const series = postDatedSeries({
      firstNumber: '0098',
      count: 4,
      periodMonths: 1,
      firstDate: '2026-01-15',
      amount: 25_000,
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
      amount: 1,
    });
    expect(series.map((c) => c.date)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30']);
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});
