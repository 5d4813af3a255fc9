import { describe, expect, it } from 'vitest';
import {
  newSeriesValues,
  prepareSeriesSave,
  previewSeries,
  seriesTotal,
  type SeriesValues,
} from './series-values';

const unit = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const values: SeriesValues = {
  ...newSeriesValues('2026-01-31'),
  unitUuid: unit,
  firstNumber: '0098',
  count: '3',
  periodMonths: '1',
  amount: '350',
};

describe('previewSeries', () => {
  it('numbers the checks in sequence, a month apart, each with the amount', () => {
    expect(previewSeries(values, 'en')).toEqual({
      issues: [],
      input: [
        { number: '0098', date: '2026-01-31', amount: '350.00' },
        { number: '0099', date: '2026-02-28', amount: '350.00' },
        { number: '0100', date: '2026-03-31', amount: '350.00' },
      ],
    });
  });

  it('spaces them by the period chosen', () => {
    const rows = previewSeries({ ...values, periodMonths: '3', count: '2' }, 'fr').input;
    expect(rows?.map((row) => [row.date, row.amount])).toEqual([
      ['2026-01-31', '350,00'],
      ['2026-04-30', '350,00'],
    ]);
  });

  it('asks for what is missing before any preview', () => {
    const { input, issues } = previewSeries({ ...values, firstNumber: 'A1', count: '1', amount: '' }, 'en');
    expect(input).toBeNull();
    expect(issues.map((issue) => `${issue.path.join('.')} ${issue.key}`)).toEqual([
      'amount validation.required',
      'firstNumber validation.invalidIdentifier',
      'count validation.numberTooSmall',
    ]);
  });

  it('refuses more checks than a series holds', () => {
    expect(previewSeries({ ...values, count: '25' }, 'en').issues.map((i) => i.path.join('.'))).toEqual([
      'count',
    ]);
  });
});

describe('prepareSeriesSave', () => {
  const rows = [
    { number: '0098', date: '2026-01-31', amount: '350' },
    { number: '0099', date: '2026-02-28', amount: '375,25' },
  ];

  it('saves the rows as edited, amounts in cents', () => {
    expect(prepareSeriesSave(unit, rows, '')).toEqual({
      issues: [],
      input: {
        unitUuid: unit,
        checks: [
          { number: '0098', date: '2026-01-31', amount: 35000 },
          { number: '0099', date: '2026-02-28', amount: 37525 },
        ],
      },
    });
  });

  it('points at the row to correct: an unreadable amount, a number used twice', () => {
    const { input, issues } = prepareSeriesSave(
      unit,
      [rows[0]!, { ...rows[1]!, number: '0098', amount: 'x' }],
      '',
    );
    expect(input).toBeNull();
    expect(issues.map((issue) => `${issue.path.join('.')} ${issue.key}`)).toEqual([
      'checks.1.amount accounting.invalidAmount',
      'checks.1.number payments.series.duplicateNumber',
    ]);
  });

  it('totals what can be read so far', () => {
    expect(seriesTotal([...rows, { number: '1', date: '2026-03-31', amount: 'x' }])).toBe(72525);
  });
});
