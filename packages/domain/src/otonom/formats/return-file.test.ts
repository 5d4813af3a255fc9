import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnLineSchema } from '../../schemas/otonom';
import { returnCodes, returnedStatusOf } from '../return-codes';
import { otonomStatuses } from '../statuses';
import { readReturnFile, returnFileKeys } from './return-file';

const crlf = (...lines: string[]): string => lines.map((l) => `${l}\r\n`).join('');

const unreadable = {
  lines: [],
  problems: [{ line: 1, reference: '', key: 'otonom.validation.unreadableReturnFile' }],
};

describe("the partner's status export", () => {
  it('reads the v202406 headers', () => {
    const reading = readReturnFile(
      crlf(
        'reference,status,returnCode,amount,date',
        'D00000000A,withdrawalDone,,1234.56,2026-12-02',
        'D00000000B,processedNSF,901,50.00,2026-12-05',
        'D00000000C,,905,75.10,2026-12-06',
      ),
    );
    expect(reading.problems).toEqual([]);
    expect(reading.lines).toEqual([
      {
        line: 2,
        reference: 'D00000000A',
        status: 'withdrawalDone',
        returnCode: null,
        amount: 123_456,
        date: '2026-12-02',
      },
      {
        line: 3,
        reference: 'D00000000B',
        status: 'processedNSF',
        returnCode: '901',
        amount: 5000,
        date: '2026-12-05',
      },
      {
        line: 4,
        reference: 'D00000000C',
        status: 'processedError',
        returnCode: '905',
        amount: 7510,
        date: '2026-12-06',
      },
    ]);
    for (const line of reading.lines) expect(returnLineSchema.parse(line)).toBeTruthy();
  });

  it('reads the legacy headers, any case, statuses written in snake case, a semicolon file', () => {
    const reading = readReturnFile(
      crlf(
        'REFERENCE;Statut;Code_Retour;Montant;Date',
        'C00000000Z;WITHDRAWAL_DONE;;1 234,56;2026-12-02',
        'C00000001Z;completed;;;',
      ),
    );
    expect(reading.problems).toEqual([]);
    expect(reading.lines).toEqual([
      {
        line: 2,
        reference: 'C00000000Z',
        status: 'withdrawalDone',
        returnCode: null,
        amount: 123_456,
        date: '2026-12-02',
      },
      { line: 3, reference: 'C00000001Z', status: 'completed', returnCode: null, amount: null, date: null },
    ]);
  });

  it('reads every status by its name', () => {
    const text = crlf(
      'reference,status,returnCode',
      ...otonomStatuses.map(
        (s, i) => `R${i},${s},${s === 'processedNSF' ? '901' : s === 'processedError' ? '912' : ''}`,
      ),
    );
    const reading = readReturnFile(text);
    expect(reading.problems).toEqual([]);
    expect(reading.lines.map((l) => l.status)).toEqual([...otonomStatuses]);
  });

  it('takes a status without a code from the code, and refuses a return without its reason', () => {
    const reading = readReturnFile(
      crlf('reference,status,returnCode', 'A1,,908', 'A2,processedNSF,', 'A3,,', 'A4,processedError,917'),
    );
    expect(reading.lines.map((l) => [l.reference, l.status, l.returnCode])).toEqual([
      ['A1', 'processedNSF', '908'],
      ['A4', 'processedError', '917'],
    ]);
    expect(reading.problems).toEqual([
      { line: 3, reference: 'A2', key: returnFileKeys.returnCodeRequired },
      { line: 4, reference: 'A3', key: returnFileKeys.returnCodeRequired },
    ]);
  });
});

describe("a bank's returns CSV", () => {
  it('reads cross references, reason codes, French amounts and day-first dates, with accents in the headers', () => {
    const reading = readReturnFile(
      crlf(
        'Banque Exemple - retours,,,',
        'Référence croisée,Montant,Code de raison,Date',
        'D00000000A,"1 234,56",901 - Fonds insuffisants,05/12/2026',
        'D00000000B,"-50,00",905,13/12/2026',
      ),
    );
    expect(reading.problems).toEqual([]);
    expect(reading.lines).toEqual([
      {
        line: 3,
        reference: 'D00000000A',
        status: 'processedNSF',
        returnCode: '901',
        amount: 123_456,
        date: '2026-12-05',
      },
      {
        line: 4,
        reference: 'D00000000B',
        status: 'processedError',
        returnCode: '905',
        amount: 5000,
        date: '2026-12-13',
      },
    ]);
  });

  it('reads English headers and ISO dates with a time', () => {
    const reading = readReturnFile(
      crlf('Cross Reference,Amount,Return Code,Date', 'C00000000A,"$1,000.00",903,2026-12-05T10:00:00'),
    );
    expect(reading.lines).toEqual([
      {
        line: 2,
        reference: 'C00000000A',
        status: 'processedError',
        returnCode: '903',
        amount: 100_000,
        date: '2026-12-05',
      },
    ]);
  });

  it('refuses unknown codes, unreadable amounts and dates, and missing references, line by line', () => {
    const reading = readReturnFile(
      crlf(
        'cross reference,amount,return code,date',
        'D1,10.00,999,2026-12-05',
        'D2,10.00,NSF,2026-12-05',
        'D3,ten,901,2026-12-05',
        'D4,10.00,901,someday',
        ',10.00,901,2026-12-05',
        `${'X'.repeat(41)},10.00,901,2026-12-05`,
        'D5,10.00,901,2026-12-05',
      ),
    );
    expect(reading.problems).toEqual([
      { line: 2, reference: 'D1', key: returnFileKeys.unknownReturnCode },
      { line: 3, reference: 'D2', key: returnFileKeys.unknownReturnCode },
      { line: 4, reference: 'D3', key: returnFileKeys.unreadableAmount },
      { line: 5, reference: 'D4', key: returnFileKeys.unreadableDate },
      { line: 6, reference: '', key: returnFileKeys.unknownReference },
      { line: 7, reference: 'X'.repeat(41), key: returnFileKeys.unknownReference },
    ]);
    expect(reading.lines.map((l) => l.reference)).toEqual(['D5']);
  });

  it('refuses an unknown status', () => {
    expect(readReturnFile(crlf('reference,status', 'D1,lost')).problems).toEqual([
      { line: 2, reference: 'D1', key: returnFileKeys.unknownStatus },
    ]);
  });

  it('keeps duplicate lines, skips blank ones, and counts lines across quoted line breaks', () => {
    const reading = readReturnFile(
      'reference,returnCode,note\n"D1",901,"two\nlines"\n\n,,\nD1,901,x\nD1,901,x',
    );
    expect(reading.problems).toEqual([]);
    expect(reading.lines.map((l) => [l.line, l.reference])).toEqual([
      [2, 'D1'],
      [6, 'D1'],
      [7, 'D1'],
    ]);
  });

  it('every code reads as its returned status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...returnCodes),
        fc.integer({ min: 1, max: 100_000_000_000 }),
        (code, amount) => {
          const dollars = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
          const reading = readReturnFile(crlf('reference,amount,returnCode', `D1,${dollars},${code}`));
          expect(reading.lines).toEqual([
            {
              line: 2,
              reference: 'D1',
              status: returnedStatusOf(code),
              returnCode: code,
              amount,
              date: null,
            },
          ]);
        },
      ),
    );
  });
});

describe('an unreadable file', () => {
  it('is one problem and no line', () => {
    expect(readReturnFile('')).toEqual(unreadable);
    expect(readReturnFile('%PDF-1.7\0\0binary')).toEqual(unreadable);
    expect(readReturnFile(crlf('date,description,amount', '2026-12-01,Deposit,10.00'))).toEqual(unreadable);
    expect(readReturnFile(crlf('reference,amount', 'D1,10.00'))).toEqual(unreadable);
    expect(readReturnFile('reference,status\nD1,"completed')).toEqual(unreadable);
  });

  it('a header alone is a file with no line', () => {
    expect(readReturnFile('\uFEFFreference,status,returnCode,amount,date\r\n')).toEqual({
      lines: [],
      problems: [],
    });
  });
});
