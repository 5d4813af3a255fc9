import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../../money';
import { csvCell, csvRecords, csvText } from './csv-text';
import { decimalAmountCents, decimalAmountText } from './decimal-amount';
import {
  companyName,
  otonomCsv,
  otonomCsvFileName,
  otonomCsvHeaders,
  otonomCsvRowProblem,
  splitName,
  type OtonomCsvRow,
} from './otonom-csv';

const row = (fields: Partial<OtonomCsvRow> = {}): OtonomCsvRow => ({
  accountReference: 'U-101',
  firstName: 'Hélène',
  lastName: 'Côté',
  institution: '815',
  transit: '30001',
  account: '12345678',
  amount: cents(123_456),
  paymentDate: '2026-12-01',
  reference: 'D00000000A',
  ...fields,
});

const linesOf = (text: string): string[] => text.split('\r\n');

describe('amounts with two decimals', () => {
  it('writes cents as dollars and reads them back', () => {
    expect(decimalAmountText(cents(123_456))).toBe('1234.56');
    expect(decimalAmountText(cents(5))).toBe('0.05');
    expect(decimalAmountText(cents(70))).toBe('0.70');
    expect(decimalAmountText(cents(100))).toBe('1.00');
    expect(decimalAmountText(cents(0))).toBe('0.00');
    expect(decimalAmountText(cents(-700))).toBe('-7.00');
    expect(decimalAmountCents('1234.56')).toBe(123_456);
    expect(decimalAmountCents('0.05')).toBe(5);
    expect(decimalAmountCents('1234.5')).toBeNull();
    expect(decimalAmountCents('1,234.56')).toBeNull();
    expect(decimalAmountCents('')).toBeNull();
  });

  it('round-trips any amount from 1 cent to a billion dollars exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (value) => {
        const text = decimalAmountText(cents(value));
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(decimalAmountCents(text)).toBe(value);
      }),
    );
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks only', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Gagnon, Tremblay inc.')).toBe('"Gagnon, Tremblay inc."');
    expect(csvCell('Le "Petit" Café')).toBe('"Le ""Petit"" Café"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=SUM(A1)')).toBe('=SUM(A1)');
    expect(csvText([['a', 'b'], ['c']])).toBe('a,b\r\nc\r\n');
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('a', 'é', ',', '"', '\n', '\r\n', ' ') }), {
            minLength: 2,
            maxLength: 4,
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (records) => {
          // A record of one empty cell is a blank line, which a reader cannot tell from none.
          const read = csvRecords(csvText(records));
          expect(read?.map((r) => r.cells)).toEqual(records);
        },
      ),
    );
  });
});

describe('the partner upload (Otonom CSV)', () => {
  it('legacy: French snake-case headers, no type column', () => {
    const text = otonomCsv({ apiVersion: 'legacy', type: 0, clientToken: 'tok-42', rows: [row()] });
    expect(otonomCsvHeaders('legacy').join(',')).toBe(
      'reference_compte,prenom,nom,institution,transit,compte,montant,date_paiement,jeton_client,reference',
    );
    expect(linesOf(text)).toEqual([
      'reference_compte,prenom,nom,institution,transit,compte,montant,date_paiement,jeton_client,reference',
      'U-101,Hélène,Côté,815,30001,12345678,1234.56,2026-12-01,tok-42,D00000000A',
      '',
    ]);
  });

  it('v202406: English camelCase headers, the type in the first column of each row', () => {
    const text = otonomCsv({
      apiVersion: 'v202406',
      type: 1,
      clientToken: 'tok-42',
      rows: [
        row({ ...companyName('  Toitures  Gagnon, Tremblay  '), reference: 'C00000000B', amount: cents(5) }),
        row({ reference: 'C00000000C', account: '12345678901234567890' }),
      ],
    });
    expect(linesOf(text)).toEqual([
      'transactionType,accountReference,firstName,lastName,institutionNumber,transitNumber,accountNumber,amount,paymentDate,clientToken,reference',
      '1,U-101,,"Toitures Gagnon, Tremblay",815,30001,12345678,0.05,2026-12-01,tok-42,C00000000B',
      '1,U-101,Hélène,Côté,815,30001,12345678901234567890,1234.56,2026-12-01,tok-42,C00000000C',
      '',
    ]);
  });

  it('ends every line with CRLF, the last one too, and nothing else', () => {
    const text = otonomCsv({ apiVersion: 'legacy', type: 0, clientToken: 't', rows: [row(), row()] });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n')).toHaveLength(4);
  });

  it('quotes names with commas and quotes so the partner reads the same cells', () => {
    const text = otonomCsv({
      apiVersion: 'v202406',
      type: 0,
      clientToken: 'tok',
      rows: [row({ firstName: 'Jean "JP"', lastName: 'Roy, fils' })],
    });
    const read = csvRecords(text);
    expect(read?.[1]?.cells).toEqual([
      '0',
      'U-101',
      'Jean "JP"',
      'Roy, fils',
      '815',
      '30001',
      '12345678',
      '1234.56',
      '2026-12-01',
      'tok',
      'D00000000A',
    ]);
    expect(linesOf(text)[1]).toBe(
      '0,U-101,"Jean ""JP""","Roy, fils",815,30001,12345678,1234.56,2026-12-01,tok,D00000000A',
    );
  });

  it('writes an empty file as its header line', () => {
    expect(otonomCsv({ apiVersion: 'legacy', type: 0, clientToken: 't', rows: [] })).toBe(
      'reference_compte,prenom,nom,institution,transit,compte,montant,date_paiement,jeton_client,reference\r\n',
    );
  });

  it('leaves the amount and date of an update of details empty', () => {
    const text = otonomCsv({
      apiVersion: 'v202406',
      type: 2,
      clientToken: 'tok',
      rows: [row({ amount: cents(0) })],
    });
    expect(linesOf(text)[1]).toBe('2,U-101,Hélène,Côté,815,30001,12345678,,,tok,D00000000A');
  });

  it('refuses a row the partner would refuse', () => {
    expect(otonomCsvRowProblem(row(), 0)).toBeNull();
    expect(otonomCsvRowProblem(row({ institution: '81' }), 0)).toMatch(/institution/);
    expect(otonomCsvRowProblem(row({ transit: '3000A' }), 0)).toMatch(/transit/);
    expect(otonomCsvRowProblem(row({ account: '123456789012345678901' }), 0)).toMatch(/account/);
    expect(otonomCsvRowProblem(row({ amount: cents(0) }), 1)).toMatch(/amount/);
    expect(otonomCsvRowProblem(row({ paymentDate: '2026-02-30' }), 0)).toMatch(/date/);
    expect(otonomCsvRowProblem(row({ reference: ' ' }), 0)).toMatch(/reference/);
    expect(() =>
      otonomCsv({ apiVersion: 'legacy', type: 0, clientToken: 't', rows: [row({ amount: cents(-1) })] }),
    ).toThrow(/row 1 \(D00000000A\): amount/);
    expect(() => otonomCsv({ apiVersion: 'legacy', type: 0, clientToken: ' ', rows: [row()] })).toThrow(
      /token/,
    );
  });

  it('property: every amount is written with two decimals and reads back to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (value) => {
        const text = otonomCsv({
          apiVersion: 'legacy',
          type: 0,
          clientToken: 't',
          rows: [row({ amount: cents(value) })],
        });
        const cell = csvRecords(text)?.[1]?.cells[6] ?? '';
        expect(decimalAmountCents(cell)).toBe(value);
      }),
    );
  });
});

describe('names', () => {
  it('splits a person on the first word and keeps a company whole', () => {
    expect(splitName('Hélène Côté')).toEqual({ firstName: 'Hélène', lastName: 'Côté' });
    expect(splitName('  Marie-Ève   de la Fontaine ')).toEqual({
      firstName: 'Marie-Ève',
      lastName: 'de la Fontaine',
    });
    expect(splitName('Cher')).toEqual({ firstName: '', lastName: 'Cher' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
    expect(companyName('Toitures Gagnon inc.')).toEqual({ firstName: '', lastName: 'Toitures Gagnon inc.' });
  });

  it('names the file by its type', () => {
    expect(otonomCsvFileName(0, '2026-12-01')).toBe('otonom-0-2026-12-01.csv');
  });
});
