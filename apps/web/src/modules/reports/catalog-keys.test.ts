import { describe, expect, it } from 'vitest';
import { hasKey } from '@copro/domain';
import { receivablesReports, reportFormats } from './report-url';

// The report cards build these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...receivablesReports.flatMap((report) => [
    `receivablesReports.${report}.title`,
    `receivablesReports.${report}.description`,
  ]),
  ...reportFormats.map((format) => `reports.formats.${format}`),
  ...['asOf', 'from', 'to'].map((date) => `reports.${date}`),
];

describe('the keys the report cards build', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
