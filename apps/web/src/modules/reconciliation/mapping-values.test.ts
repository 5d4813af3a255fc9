import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvDateFormats, csvMappingSchema, hasKey, type CsvMapping } from '@copro/domain';
import { amountModes, columnCount, columnOptions, mappingValuesOf, prepareMapping } from './mapping-values';

const column = fc.integer({ min: 0, max: 99 });

/** Any mapping the server may suggest: distinct columns, a signed amount or two. */
const mapping: fc.Arbitrary<CsvMapping> = fc
  .record({
    hasHeader: fc.boolean(),
    dateFormat: fc.constantFrom(...csvDateFormats),
    decimalComma: fc.boolean(),
    split: fc.boolean(),
    withCheck: fc.boolean(),
    columns: fc.uniqueArray(column, { minLength: 5, maxLength: 5 }),
  })
  .map(({ split, withCheck, columns: [date = 0, description = 1, a = 2, b = 3, check = 4], ...rest }) => ({
    ...rest,
    date,
    description,
    ...(split ? { debit: a, credit: b } : { amount: a }),
    ...(withCheck ? { checkNumber: check } : {}),
  }));

describe('mapping form values', () => {
  it('give back the mapping they were made from, checked by the shared schema', () => {
    fc.assert(
      fc.property(mapping, (suggested) => {
        const prepared = prepareMapping(mappingValuesOf(suggested));
        expect(prepared.issues).toEqual([]);
        expect(prepared.input).toEqual(csvMappingSchema.parse(suggested));
      }),
    );
  });

  it('start from the first columns when nothing is suggested, and that is a valid mapping', () => {
    const prepared = prepareMapping(mappingValuesOf(null));
    expect(prepared.input).toEqual({
      hasHeader: true,
      date: 0,
      dateFormat: 'YYYY-MM-DD',
      description: 1,
      amount: 2,
      decimalComma: false,
    });
  });

  it('send only the amount columns of the chosen mode', () => {
    const values = { ...mappingValuesOf(null), amount: '2', debit: '3', credit: '4' };
    expect(prepareMapping(values).input).not.toHaveProperty('debit');
    const split = prepareMapping({ ...values, amountMode: 'split' }).input;
    expect(split).toMatchObject({ debit: 3, credit: 4 });
    expect(split).not.toHaveProperty('amount');
  });

  it('require the date, the description and the amount columns of the mode', () => {
    const keys = (values: ReturnType<typeof mappingValuesOf>) =>
      prepareMapping(values).issues.map((issue) => [issue.path.join('.'), issue.key]);
    const start = mappingValuesOf(null);
    expect(keys({ ...start, date: '', amount: '' })).toEqual([
      ['date', 'validation.required'],
      ['amount', 'validation.required'],
    ]);
    expect(keys({ ...start, amountMode: 'split', debit: '2' })).toEqual([['credit', 'validation.required']]);
    expect(prepareMapping({ ...start, date: '' }).input).toBeNull();
  });

  it('refuse one column for two jobs', () => {
    const issues = prepareMapping({ ...mappingValuesOf(null), checkNumber: '1' }).issues;
    expect(issues).toEqual([{ path: ['checkNumber'], key: 'reconciliationPages.mapping.columnTaken' }]);
  });
});

describe('column choices', () => {
  const rows = [
    ['Date', 'Description', 'Amount'],
    ['2026-01-02', 'Deposit', '100.00', 'extra'],
  ];

  it('count the widest row, and name each column with its first row', () => {
    expect(columnCount(rows)).toBe(4);
    expect(columnCount([])).toBe(0);
    expect(columnOptions(rows, (n) => `Column ${n}`)).toEqual([
      { value: '0', label: 'Column 1 · Date' },
      { value: '1', label: 'Column 2 · Description' },
      { value: '2', label: 'Column 3 · Amount' },
      { value: '3', label: 'Column 4' },
    ]);
  });
});

// The mapping form builds these keys at run time, out of the catalog test's sight.
const builtKeys = [
  ...amountModes.map((mode) => `reconciliationPages.mapping.modes.${mode}`),
  ...['date', 'dateFormat', 'description', 'amount', 'debit', 'credit', 'checkNumber'].map(
    (role) => `reconciliationPages.mapping.roles.${role}`,
  ),
];

describe('the keys the mapping form builds', () => {
  it.each(builtKeys)('%s is in English and in French', (key) => {
    expect(hasKey('en', key)).toBe(true);
    expect(hasKey('fr', key)).toBe(true);
  });
});
