import { describe, expect, it } from 'vitest';
import { cents } from '@copro/domain';
import { editPeriodValues, newPeriodValues, prepareNewPeriod, preparePeriodEdit } from './period-values';
import { period } from './test-fixtures';

const next = {
  periodStart: '2026-02-01',
  periodEnd: '2026-03-01',
  startingBalance: cents(-12_345),
  startEditable: false,
};
const keysOf = (issues: { path: (string | number)[]; key: string }[]) =>
  issues.map((issue) => [issue.path.join('.'), issue.key]);

describe('a new period', () => {
  it('starts from the proposal, its balance written in the reader’s language', () => {
    expect(newPeriodValues(next, 'fr')).toEqual({
      periodStart: '2026-02-01',
      periodEnd: '2026-03-01',
      startingBalance: '-123,45',
      closingBalance: '',
    });
  });

  it('sends only its end and closing balance once a period exists', () => {
    const values = { ...newPeriodValues(next, 'en'), closingBalance: '1 234.50' };
    expect(prepareNewPeriod(values, false).input).toEqual({
      periodEnd: '2026-03-01',
      closingBalance: 123_450,
    });
    expect(prepareNewPeriod({ ...values, closingBalance: '' }, false).input).toEqual({
      periodEnd: '2026-03-01',
    });
  });

  it('sends the typed start and starting balance of a bank’s first period, an overdraft too', () => {
    const values = { ...newPeriodValues({ ...next, startEditable: true }, 'en'), periodStart: '2026-01-15' };
    expect(prepareNewPeriod(values, true).input).toEqual({
      periodStart: '2026-01-15',
      periodEnd: '2026-03-01',
      startingBalance: -12_345,
    });
  });

  it('says what is wrong: an end not after the start, an unreadable or missing amount', () => {
    const values = newPeriodValues({ ...next, startEditable: true }, 'en');
    expect(keysOf(prepareNewPeriod({ ...values, periodEnd: '2026-02-01' }, true).issues)).toEqual([
      ['periodEnd', 'reconciliationPages.period.endAfterStart'],
    ]);
    expect(
      keysOf(
        prepareNewPeriod({ ...values, periodEnd: '', startingBalance: '', closingBalance: '12.345' }, true)
          .issues,
      ),
    ).toEqual([
      ['periodEnd', 'validation.required'],
      ['startingBalance', 'validation.required'],
      ['closingBalance', 'accounting.invalidAmount'],
    ]);
    expect(prepareNewPeriod({ ...values, closingBalance: 'abc' }, true).input).toBeNull();
  });
});

describe('an open period edited', () => {
  it('sends its end and closing balance, null once emptied, and a first period’s starting balance', () => {
    const values = editPeriodValues(period(), 'en');
    expect(values).toMatchObject({ startingBalance: '1000.00', closingBalance: '1200.00' });
    expect(preparePeriodEdit(values, false).input).toEqual({
      periodEnd: '2026-02-01',
      closingBalance: 120_000,
    });
    expect(preparePeriodEdit({ ...values, closingBalance: ' ' }, false).input).toEqual({
      periodEnd: '2026-02-01',
      closingBalance: null,
    });
    expect(preparePeriodEdit({ ...values, startingBalance: '900' }, true).input).toEqual({
      periodEnd: '2026-02-01',
      closingBalance: 120_000,
      startingBalance: 90_000,
    });
  });

  it('keeps the end after the fixed start', () => {
    expect(
      keysOf(
        preparePeriodEdit({ ...editPeriodValues(period(), 'en'), periodEnd: '2025-12-31' }, false).issues,
      ),
    ).toEqual([['periodEnd', 'reconciliationPages.period.endAfterStart']]);
  });
});
