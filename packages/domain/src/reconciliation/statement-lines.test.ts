import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { csvMappingSchema, type CsvMapping } from '../schemas/reconciliation';
import {
  parseStatementAmount,
  parseStatementDate,
  readCsvStatement,
  suggestCsvMapping,
  withFingerprints,
} from './statement-lines';

const mapping = (fields: Partial<CsvMapping>): CsvMapping =>
  csvMappingSchema.parse({
    hasHeader: true,
    date: 0,
    dateFormat: 'YYYY-MM-DD',
    description: 1,
    amount: 2,
    ...fields,
  });

describe('statement amounts', () => {
  it('reads a decimal point, thousands separators and every way of writing a negative', () => {
    expect(parseStatementAmount('1,234.56', false)).toBe(123_456);
    expect(parseStatementAmount('$1,234.5', false)).toBe(123_450);
    expect(parseStatementAmount('-12.34', false)).toBe(-1234);
    expect(parseStatementAmount('12.34-', false)).toBe(-1234);
    expect(parseStatementAmount('(1,000.00)', false)).toBe(-100_000);
    expect(parseStatementAmount('+7', false)).toBe(700);
    expect(parseStatementAmount('.5', false)).toBe(50);
    expect(parseStatementAmount('-0.00', false)).toBe(0);
  });

  it('reads a decimal comma with spaces, non-breaking spaces or points between thousands', () => {
    expect(parseStatementAmount('1 234,56', true)).toBe(123_456);
    expect(parseStatementAmount('1\u00a0234,56 $', true)).toBe(123_456);
    expect(parseStatementAmount('1.234,56', true)).toBe(123_456);
    expect(parseStatementAmount('-45,1', true)).toBe(-4510);
    expect(parseStatementAmount('(45,10)', true)).toBe(-4510);
  });

  it('refuses what is not an amount rather than guessing', () => {
    for (const text of ['', 'abc', '12.345', '1,23.00', '12,34', '--5', '1.2.3', '12,5.0'])
      expect(parseStatementAmount(text, false), text).toBeNull();
    for (const text of ['12.34', '1,234,5', '12,345'])
      expect(parseStatementAmount(text, true), text).toBeNull();
  });

  it('reads back any amount written with either separator, grouped or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.boolean(),
        fc.boolean(),
        (amount, comma, grouped) => {
          const abs = Math.abs(amount);
          const whole = String(Math.floor(abs / 100));
          const groups = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, comma ? ' ' : ',') : whole;
          const text = `${amount < 0 ? '-' : ''}${groups}${comma ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
          expect(parseStatementAmount(text, comma)).toBe(amount);
          expect(parseStatementAmount(`(${text.replace('-', '')})`, comma)).toBe(-abs || 0);
        },
      ),
    );
  });
});

describe('statement dates', () => {
  it('reads each format, one-digit days and months, and a time after the date', () => {
    expect(parseStatementDate('2026-03-05', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(parseStatementDate('2026-3-5 00:00:00', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(parseStatementDate('05/03/2026', 'DD/MM/YYYY')).toBe('2026-03-05');
    expect(parseStatementDate('3/5/2026', 'MM/DD/YYYY')).toBe('2026-03-05');
    expect(parseStatementDate('2026/03/05', 'YYYY/MM/DD')).toBe('2026-03-05');
    expect(parseStatementDate('05-03-2026', 'DD-MM-YYYY')).toBe('2026-03-05');
  });

  it('refuses a day that does not exist or another format', () => {
    expect(parseStatementDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('13/13/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseStatementDate('2026-03-05', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('Opening balance', 'YYYY-MM-DD')).toBeNull();
    expect(parseStatementDate('1850-01-01', 'YYYY-MM-DD')).toBeNull();
  });
});

describe('reading a CSV statement', () => {
  it('reads a signed amount column, skipping the header, blank rows and rows that are not lines', () => {
    const rows = [
      ['Date', 'Description', 'Amount', 'Check'],
      ['2026-03-02', '  Deposit   ', '1,250.00', ''],
      ['', '', '', ''],
      ['2026-03-04', 'Cheque', '-300.00', '000123'],
      ['Total', '', '950.00', ''],
      ['2026-03-05', 'Nothing', '0.00', ''],
    ];
    const reading = readCsvStatement(rows, mapping({ checkNumber: 3 }));
    expect(reading.skipped).toBe(2);
    expect(reading.lines).toEqual([
      {
        date: '2026-03-02',
        amount: 125_000,
        description: 'Deposit',
        checkNumber: null,
        fingerprint: '2026-03-02|125000|deposit|0',
      },
      {
        date: '2026-03-04',
        amount: -30_000,
        description: 'Cheque',
        checkNumber: '000123',
        fingerprint: '2026-03-04|-30000|cheque|0',
      },
    ]);
  });

  it('reads money-out and money-in columns as magnitudes: amount = credit − debit', () => {
    const rows = [
      ['05/03/2026', 'Frais mensuels', '4,95', ''],
      ['06/03/2026', 'Dépôt', '', '1 000,00'],
      ['07/03/2026', 'Retrait', '-20,00', ''],
      ['08/03/2026', 'Solde', '', ''],
    ];
    const reading = readCsvStatement(
      rows,
      mapping({
        hasHeader: false,
        dateFormat: 'DD/MM/YYYY',
        amount: undefined,
        debit: 2,
        credit: 3,
        decimalComma: true,
      }),
    );
    expect(reading.lines.map((l) => [l.date, l.amount])).toEqual([
      ['2026-03-05', -495],
      ['2026-03-06', 100_000],
      ['2026-03-07', -2000],
    ]);
    expect(reading.skipped).toBe(1);
  });

  it('ranks identical rows so each is a line of its own, and the ranks repeat in another file', () => {
    const line = { date: '2026-03-05', amount: cents(-200), description: 'Frais' };
    const first = withFingerprints([
      line,
      { ...line, description: ' FRAÎS ' },
      { ...line, amount: cents(-300) },
    ]);
    expect(first.map((l) => l.fingerprint)).toEqual([
      '2026-03-05|-200|frais|0',
      '2026-03-05|-200|frais|1',
      '2026-03-05|-300|frais|0',
    ]);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            date: fc.constantFrom('2026-03-01', '2026-03-02'),
            amount: fc.constantFrom(-200, 100).map(cents),
            description: fc.constantFrom('Fee', 'fee ', 'Deposit'),
          }),
          { maxLength: 30 },
        ),
        (lines) => {
          const prints = withFingerprints(lines).map((l) => l.fingerprint);
          expect(new Set(prints).size).toBe(prints.length);
          // The same rows again (a later file repeating them) give the same fingerprints.
          expect(withFingerprints(lines).map((l) => l.fingerprint)).toEqual(prints);
        },
      ),
    );
  });
});

describe('suggested mapping', () => {
  it('reads an English header with one amount column and a check column', () => {
    const rows = [
      ['Date', 'Check #', 'Description', 'Amount', 'Balance'],
      ['03/05/2026', '', 'Deposit', '1,250.00', '5,000.00'],
      ['03/14/2026', '123', 'Cheque', '-300.00', '4,700.00'],
    ];
    expect(suggestCsvMapping(rows)).toEqual({
      hasHeader: true,
      date: 0,
      dateFormat: 'MM/DD/YYYY',
      description: 2,
      amount: 3,
      checkNumber: 1,
      decimalComma: false,
    });
  });

  it('reads a French header with withdrawal and deposit columns, a decimal comma and the day first', () => {
    const rows = [
      ['Date d’opération', 'Libellé', 'No de chèque', 'Retrait', 'Dépôt', 'Solde'],
      ['05/03/2026', 'Frais', '', '4,95', '', '995,05'],
      ['06/03/2026', 'Dépôt', '', '', '1 000,00', '1 995,05'],
    ];
    expect(suggestCsvMapping(rows)).toEqual({
      hasHeader: true,
      date: 0,
      dateFormat: 'DD/MM/YYYY',
      description: 1,
      debit: 3,
      credit: 4,
      checkNumber: 2,
      decimalComma: true,
    });
  });

  it('guesses from the cells when there is no header', () => {
    const rows = [
      ['815', '2026/03/05', 'Frais de service', '4.95', '', '995.05'],
      ['815', '2026/03/06', 'Dépôt au comptoir', '', '1000.00', '1995.05'],
    ];
    expect(suggestCsvMapping(rows)).toEqual({
      hasHeader: false,
      date: 1,
      dateFormat: 'YYYY/MM/DD',
      description: 2,
      debit: 3,
      credit: 4,
      decimalComma: false,
    });
  });

  it('suggests nothing for rows it cannot read', () => {
    expect(suggestCsvMapping([])).toBeNull();
    expect(
      suggestCsvMapping([
        ['hello', 'world'],
        ['foo', 'bar'],
      ]),
    ).toBeNull();
  });

  it('suggests a mapping the schema accepts and that reads the rows it was guessed from', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 1, max: 28 }),
            amount: fc.integer({ min: -1e7, max: 1e7 }).filter((a) => a !== 0),
            text: fc.constantFrom('Dépôt', 'Frais', 'Chèque 12', 'Intérêts'),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.boolean(),
        (lines, french) => {
          const header = french ? ['Date', 'Libellé', 'Montant'] : ['Date', 'Description', 'Amount'];
          const format = (a: number) => {
            const text = `${Math.abs(a) / 100}`.includes('.')
              ? (Math.abs(a) / 100).toFixed(2)
              : `${Math.abs(a) / 100}.00`;
            return `${a < 0 ? '-' : ''}${french ? text.replace('.', ',') : text}`;
          };
          const rows = [
            header,
            ...lines.map((l) => [`2026-04-${String(l.day).padStart(2, '0')}`, l.text, format(l.amount)]),
          ];
          const suggested = suggestCsvMapping(rows);
          expect(suggested).not.toBeNull();
          if (!suggested) return;
          expect(csvMappingSchema.safeParse(suggested).success).toBe(true);
          const reading = readCsvStatement(rows, suggested);
          expect(reading.lines.map((l) => l.amount)).toEqual(lines.map((l) => l.amount));
        },
      ),
    );
  });
});
