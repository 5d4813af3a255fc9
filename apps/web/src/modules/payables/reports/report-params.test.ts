import { describe, expect, it } from 'vitest';
import { hasKey, payablesReports } from '@copro/domain';
import { initialChoice, reportParams } from './report-params';

const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
const choice = { from: '2026-01-01', to: '2026-03-31', asOf: '2026-03-31', bankUuid: 'b1' };

describe('initialChoice', () => {
  it('runs from the start of the year to today, kept inside the year, on every bank', () => {
    expect(initialChoice(year, '2026-05-10')).toEqual({
      from: '2026-01-01',
      to: '2026-05-10',
      asOf: '2026-05-10',
      bankUuid: '',
    });
    expect(initialChoice(year, '2027-02-01').to).toBe('2026-12-31');
    expect(initialChoice(year, '2025-12-01').asOf).toBe('2026-01-01');
  });
});

describe('reportParams', () => {
  it('asks the aging for its date only, and the supplier totals for nothing', () => {
    expect(reportParams('aging', choice)).toEqual({ params: { asOf: '2026-03-31' }, problem: null });
    expect(reportParams('aging', { ...choice, asOf: '' }).problem).toEqual({ key: 'validation.required' });
    expect(reportParams('supplier-totals', { ...choice, from: '' })).toEqual({ params: {}, problem: null });
  });

  it('asks a period, and the check register its bank when one is chosen', () => {
    expect(reportParams('invoices-by-category', choice).params).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(reportParams('check-register', choice).params).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      bankUuid: 'b1',
    });
    expect(reportParams('check-register', { ...choice, bankUuid: '' }).params).not.toHaveProperty('bankUuid');
  });

  it('says what is wrong with a period, as the server would', () => {
    expect(reportParams('payments-by-method', { ...choice, to: '' }).problem).toEqual({
      key: 'validation.required',
    });
    expect(reportParams('payments-by-method', { ...choice, to: '2025-12-31' }).problem).toEqual({
      key: 'reports.invalidPeriod',
    });
    expect(reportParams('check-register', { ...choice, to: '2029-01-01' }).problem).toEqual({
      key: 'payablesReports.periodTooLong',
      params: { months: 36 },
    });
    expect(reportParams('check-register', { ...choice, to: '2028-12-31' }).problem).toBeNull();
  });
});

// The cards and tables build these keys at run time, out of the catalog test's sight.
const builtKeys = payablesReports.flatMap((report) => [
  `payablesReports.${report}.title`,
  `payablesReports.${report}.description`,
  `payablesReports.${report}.file`,
  `payablesReports.${report}.sheet`,
]);

describe('the keys the payables report cards build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
