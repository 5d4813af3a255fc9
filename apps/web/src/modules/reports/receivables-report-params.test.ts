import { describe, expect, it } from 'vitest';
import { initialChoice, reportParams } from './receivables-report-params';
import { reportUrl, yearReportUrl } from './report-url';

const year = { startDate: '2026-01-01', endDate: '2026-12-31' };

describe('initialChoice', () => {
  it('runs from the start of the year to today, kept inside the year', () => {
    expect(initialChoice(year, '2026-05-10')).toEqual({
      from: '2026-01-01',
      to: '2026-05-10',
      asOf: '2026-05-10',
      unitUuid: '',
    });
    expect(initialChoice(year, '2027-02-01').to).toBe('2026-12-31');
    expect(initialChoice(year, '2025-12-01').asOf).toBe('2026-01-01');
  });
});

describe('reportParams', () => {
  const choice = { from: '2026-01-01', to: '2026-03-31', asOf: '2026-03-31', unitUuid: 'u1' };

  it('asks the aging for its date only', () => {
    expect(reportParams('receivables-aging', choice)).toEqual({
      params: { asOf: '2026-03-31' },
      problem: null,
    });
    expect(reportParams('receivables-aging', { ...choice, asOf: '' }).problem).toEqual({
      key: 'validation.required',
    });
  });

  it('asks statements for a period and, when chosen, one unit', () => {
    expect(reportParams('statements', choice).params).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      unitUuid: 'u1',
    });
    expect(reportParams('statements', { ...choice, unitUuid: '' }).params).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(reportParams('payments-received', choice).params).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('refuses a period that ends before it starts, or a missing date', () => {
    expect(reportParams('payments-received', { ...choice, to: '2025-12-31' }).problem).toEqual({
      key: 'reports.invalidPeriod',
    });
    expect(reportParams('statements', { ...choice, from: '' }).problem).toEqual({
      key: 'validation.required',
    });
    expect(reportParams('statements', { ...choice, to: '2026-01-01' }).problem).toBeNull();
  });
});

describe('reportUrl', () => {
  it('adds the parameters that are set', () => {
    expect(
      reportUrl('b 1', '2026-01-01', 'statements', 'pdf', { from: '2026-01-01', to: '2026-02-01' }),
    ).toBe(
      '/api/buildings/b%201/fiscal-years/2026-01-01/reports/statements?format=pdf&from=2026-01-01&to=2026-02-01',
    );
    expect(reportUrl('b', '2026-01-01', 'roster', 'json')).toBe(
      '/api/buildings/b/fiscal-years/2026-01-01/reports/roster?format=json',
    );
  });

  it('serves the reports of other areas under their own path', () => {
    expect(
      yearReportUrl('b 1', '2026-01-01', 'payables-reports/check-register', 'csv', {
        from: '2026-01-01',
        bankUuid: '',
      }),
    ).toBe(
      '/api/buildings/b%201/fiscal-years/2026-01-01/payables-reports/check-register?format=csv&from=2026-01-01',
    );
    expect(
      yearReportUrl('b1', '2026-01-01', 'payables-reports/check-register', 'pdf', { bankUuid: 'k' }),
    ).toBe('/api/buildings/b1/fiscal-years/2026-01-01/payables-reports/check-register?format=pdf&bankUuid=k');
  });
});
