import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '@copro/domain';
import {
  Cpa005AccountError,
  cpa005AccountProblem,
  cpa005CreationNumber,
  cpa005File,
  cpa005Text,
  type Cpa005Input,
  type Cpa005Item,
} from './cpa005';

/**
 * The CPA Standard 005 layout as Payments Canada publishes it, written out here independently of
 * the library: each record is read field by field with these widths, which must add up to 1464.
 */
type Layout = readonly (readonly [name: string, width: number])[];

const headerLayout: Layout = [
  ['type', 1],
  ['count', 9],
  ['originatorId', 10],
  ['fileNumber', 4],
  ['creationDate', 6],
  ['dataCentre', 5],
  ['reserved', 20],
  ['currency', 3],
  ['filler', 1406],
];

/** A D or C record: the origination control data, then six 240-character segments. */
const recordLayout: Layout = [
  ['type', 1],
  ['count', 9],
  ['originatorId', 10],
  ['fileNumber', 4],
];
const segmentLayout: Layout = [
  ['transactionCode', 3],
  ['amount', 10],
  ['date', 6],
  ['institutionTransit', 9],
  ['account', 12],
  ['trace', 22],
  ['storedType', 3],
  ['shortName', 15],
  ['payeeName', 30],
  ['longName', 30],
  ['userId', 10],
  ['crossReference', 19],
  ['returnInstitutionTransit', 9],
  ['returnAccount', 12],
  ['sundry', 15],
  ['filler', 22],
  ['settlementCode', 2],
  ['invalidDataElement', 11],
];

const trailerLayout: Layout = [
  ['type', 1],
  ['count', 9],
  ['originatorId', 10],
  ['fileNumber', 4],
  ['debitValue', 14],
  ['debitCount', 8],
  ['creditValue', 14],
  ['creditCount', 8],
  ['eValue', 14],
  ['eCount', 8],
  ['fValue', 14],
  ['fCount', 8],
  ['filler', 1352],
];

const widthOf = (layout: Layout): number => layout.reduce((sum, [, width]) => sum + width, 0);

function fields(text: string, layout: Layout): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  for (const [name, width] of layout) {
    out[name] = text.slice(at, at + width);
    at += width;
  }
  return out;
}

const record = (line: string) => fields(line, recordLayout);
/** The record's `index`-th segment (0 to 5). */
const segment = (line: string, index = 0) =>
  fields(line.slice(24 + index * 240, 24 + (index + 1) * 240), segmentLayout);

const blank = (width: number): string => ' '.repeat(width);
const zeros = (width: number): string => '0'.repeat(width);

const item = (fields: Partial<Cpa005Item> = {}): Cpa005Item => ({
  direction: 'debit',
  amount: cents(123_456),
  dueDate: '2026-12-01',
  institution: '815',
  transit: '30001',
  account: '12345678',
  name: 'Hélène Côté',
  reference: 'D00000000A',
  ...fields,
});

const input = (fields: Partial<Cpa005Input> = {}): Cpa005Input => ({
  originatorId: 'ABC1234567',
  shortName: 'Syndicat Côté',
  longName: 'Syndicat de copropriété Côté',
  fileCreationNumber: 42,
  creationDate: '2026-12-01',
  destinationDataCentre: '00310',
  currency: 'CAD',
  returnAccount: { institution: '006', transit: '12345', account: '987654321' },
  items: [
    item(),
    item({
      amount: cents(5),
      dueDate: '2026-12-15',
      name: 'Marc Roy',
      reference: 'D00000000B',
      account: '123456789012',
    }),
    item({
      direction: 'credit',
      amount: cents(250_000),
      dueDate: '2026-12-02',
      name: 'Toitures Gagnon & Fils',
      reference: 'C00000000C',
      institution: '001',
      transit: '00012',
      account: '7',
    }),
  ],
  ...fields,
});

/** The file's records, checking every one ends with CRLF, the last too. */
function recordsOf(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('');
  for (const line of lines) {
    expect(line).toHaveLength(1464);
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).toMatch(/^[\x20-\x7e]*$/);
  }
  return lines;
}

describe('the published layout', () => {
  it('adds up to 1464 characters in every record', () => {
    expect(widthOf(headerLayout)).toBe(1464);
    expect(widthOf(recordLayout) + 6 * widthOf(segmentLayout)).toBe(1464);
    expect(widthOf(segmentLayout)).toBe(240);
    expect(widthOf(trailerLayout)).toBe(1464);
  });
});

describe('a CPA-005 file of debits and credits', () => {
  const lines = recordsOf(cpa005File(input()));

  it('has a header, one record per item in order, and a trailer', () => {
    expect(lines.map((l) => l[0])).toEqual(['A', 'D', 'D', 'C', 'Z']);
  });

  it('writes the header field by field', () => {
    expect(fields(lines[0] ?? '', headerLayout)).toEqual({
      type: 'A',
      count: '000000001',
      originatorId: 'ABC1234567',
      fileNumber: '0042',
      creationDate: '026335',
      dataCentre: '00310',
      reserved: blank(20),
      currency: 'CAD',
      filler: blank(1406),
    });
  });

  it('writes a debit field by field, the five unused segments blank', () => {
    const line = lines[1] ?? '';
    expect(record(line)).toEqual({
      type: 'D',
      count: '000000002',
      originatorId: 'ABC1234567',
      fileNumber: '0042',
    });
    expect(segment(line)).toEqual({
      transactionCode: '470',
      amount: '0000123456',
      date: '026335',
      institutionTransit: '081530001',
      account: '12345678    ',
      trace: zeros(22),
      storedType: '000',
      shortName: 'Syndicat Cote  ',
      payeeName: 'Helene Cote'.padEnd(30),
      longName: 'Syndicat de copropriete Cote  ',
      userId: 'ABC1234567',
      crossReference: 'D00000000A'.padEnd(19),
      returnInstitutionTransit: '000612345',
      returnAccount: '987654321   ',
      sundry: blank(15),
      filler: blank(22),
      settlementCode: blank(2),
      invalidDataElement: zeros(11),
    });
    expect(line.slice(264)).toBe(blank(1200));
  });

  it('writes the smallest amount and a 12-digit account', () => {
    const line = lines[2] ?? '';
    expect(record(line).count).toBe('000000003');
    expect(segment(line)).toMatchObject({
      transactionCode: '470',
      amount: '0000000005',
      date: '026349',
      account: '123456789012',
      payeeName: 'Marc Roy'.padEnd(30),
      crossReference: 'D00000000B'.padEnd(19),
    });
  });

  it('writes a credit with the accounts payable code', () => {
    const line = lines[3] ?? '';
    expect(record(line)).toEqual({
      type: 'C',
      count: '000000004',
      originatorId: 'ABC1234567',
      fileNumber: '0042',
    });
    expect(segment(line)).toMatchObject({
      transactionCode: '460',
      amount: '0000250000',
      date: '026336',
      institutionTransit: '000100012',
      account: '7'.padEnd(12),
      payeeName: 'Toitures Gagnon & Fils'.padEnd(30),
      crossReference: 'C00000000C'.padEnd(19),
    });
  });

  it('writes the trailer: the whole count, and the totals of debits and of credits', () => {
    expect(fields(lines[4] ?? '', trailerLayout)).toEqual({
      type: 'Z',
      count: '000000005',
      originatorId: 'ABC1234567',
      fileNumber: '0042',
      debitValue: '00000000123461',
      debitCount: '00000002',
      creditValue: '00000000250000',
      creditCount: '00000001',
      eValue: zeros(14),
      eCount: zeros(8),
      fValue: zeros(14),
      fCount: zeros(8),
      filler: blank(1352),
    });
  });
});

describe('file creation numbers', () => {
  const header = (fileCreationNumber: number) =>
    fields(recordsOf(cpa005File(input({ fileCreationNumber })))[0] ?? '', headerLayout).fileNumber;

  it('pads to 4 digits in every record', () => {
    expect(header(1)).toBe('0001');
    expect(header(9999)).toBe('9999');
    const lines = recordsOf(cpa005File(input({ fileCreationNumber: 7 })));
    expect(lines.map((l) => l.slice(20, 24))).toEqual(['0007', '0007', '0007', '0007', '0007']);
  });

  it('refuses a number that does not fit, and numbers the files 1..9999 and around, never 0000', () => {
    expect(() => cpa005File(input({ fileCreationNumber: 0 }))).toThrow(/file creation number/);
    expect(() => cpa005File(input({ fileCreationNumber: 10_000 }))).toThrow(/file creation number/);
    expect(() => cpa005File(input({ fileCreationNumber: 1.5 }))).toThrow(/file creation number/);
    expect([1, 42, 9999, 10_000, 10_001, 19_998, 19_999].map(cpa005CreationNumber)).toEqual([
      1, 42, 9999, 1, 2, 9999, 1,
    ]);
    expect(() => cpa005CreationNumber(0)).toThrow();
  });
});

describe('dates as 0YYDDD', () => {
  const dated = (dueDate: string) =>
    segment(recordsOf(cpa005File(input({ items: [item({ dueDate })] })))[1] ?? '').date;

  it('counts the day of the year, leap years included', () => {
    expect(dated('2026-01-01')).toBe('026001');
    expect(dated('2026-12-31')).toBe('026365');
    expect(dated('2028-02-29')).toBe('028060');
    expect(dated('2028-03-01')).toBe('028061');
    expect(dated('2028-12-31')).toBe('028366');
    expect(() => dated('2026-02-29')).toThrow(/not a date/);
  });

  it('gives the same file in any time zone of the process (a skipped midnight included)', () => {
    const dates = input({
      creationDate: '2026-09-06',
      items: [
        item({ dueDate: '2026-09-06' }),
        item({ dueDate: '2026-03-08', reference: 'D2' }),
        item({ dueDate: '2026-12-31', reference: 'D3' }),
      ],
    });
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const utc = cpa005File(dates);
      expect(fields(utc, headerLayout).creationDate).toBe('026249');
      for (const zone of [
        'America/Santiago',
        'America/Toronto',
        'Pacific/Kiritimati',
        'Pacific/Pago_Pago',
        'Asia/Kolkata',
      ]) {
        process.env.TZ = zone;
        expect(cpa005File(dates)).toBe(utc);
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('text in ASCII', () => {
  it('transliterates accents and ligatures', () => {
    expect(cpa005Text('Hélène Côté')).toBe('Helene Cote');
    expect(cpa005Text('Œuvre d’Ævar – François Ñúñez')).toBe("OEuvre d'AEvar - Francois Nunez");
    expect(cpa005Text('Line\none\ttab\u00a0space')).toBe('Line one tab space');
    expect(cpa005Text('日本')).toBe('??');
  });

  it('cuts the names to their fields after transliterating', () => {
    const long = 'Éloïse-Gabrielle Bérubé-Lévesque de Saint-Hyacinthe';
    const line = recordsOf(cpa005File(input({ items: [item({ name: long })] })))[1] ?? '';
    expect(segment(line).payeeName).toBe('Eloise-Gabrielle Berube-Levesq');
  });
});

describe('refusals', () => {
  it('refuses an account longer than the 12 digits the field holds, naming the item', () => {
    expect(cpa005AccountProblem('123456789012')).toBeNull();
    expect(cpa005AccountProblem('1234567890123')).toBe('otonom.validation.accountTooLong');
    expect(cpa005AccountProblem('12-34')).toBe('validation.accountNumber');
    expect(cpa005AccountProblem('')).toBe('validation.accountNumber');
    const tooLong = input({ items: [item({ account: '1234567890123', reference: 'D9', name: 'Ann' })] });
    expect(() => cpa005File(tooLong)).toThrow(Cpa005AccountError);
    try {
      cpa005File(tooLong);
    } catch (error) {
      expect(error).toMatchObject({ key: 'otonom.validation.accountTooLong', reference: 'D9', payee: 'Ann' });
      expect(String(error)).toMatch(/more than 12 digits/);
    }
  });

  it('refuses what the bank would misread', () => {
    const refuses = (fields: Partial<Cpa005Item>, message: RegExp) =>
      expect(() => cpa005File(input({ items: [item(fields)] }))).toThrow(message);
    refuses({ institution: '81' }, /institution/);
    refuses({ transit: '3001' }, /transit/);
    refuses({ amount: cents(0) }, /amount/);
    refuses({ amount: cents(10_000_000_000) }, /amount/);
    refuses({ reference: 'R'.repeat(20) }, /reference/);
    refuses({ reference: 'Référence' }, /reference/);
    refuses({ dueDate: '2026-13-01' }, /not a date/);
    expect(() => cpa005File(input({ originatorId: 'ABCDEFGHIJK' }))).toThrow(/originatorId/);
  });

  it('writes the largest amount a segment holds', () => {
    const line = recordsOf(cpa005File(input({ items: [item({ amount: cents(9_999_999_999) })] })))[1] ?? '';
    expect(segment(line).amount).toBe('9999999999');
  });

  it('writes a file without items as its header and trailer', () => {
    const lines = recordsOf(cpa005File(input({ items: [] })));
    expect(lines.map((l) => l[0])).toEqual(['A', 'Z']);
    expect(fields(lines[1] ?? '', trailerLayout)).toMatchObject({
      count: '000000002',
      debitValue: zeros(14),
      debitCount: zeros(8),
      creditValue: zeros(14),
      creditCount: zeros(8),
    });
  });
});

describe('amounts: cents to the library’s dollars and back', () => {
  // The library writes Math.round(dollars * 100); cents / 100 must round back to the same cents.
  const roundTrips = (value: number): boolean => Math.round((value / 100) * 100) === value;

  it('holds for every amount up to $10,000 and at the top of the range', () => {
    for (let value = 1; value <= 1_000_000; value += 1) if (!roundTrips(value)) expect(value).toBe('exact');
    for (let value = 9_999_999_999; value > 9_999_999_999 - 1_000_000; value -= 1)
      if (!roundTrips(value)) expect(value).toBe('exact');
  });

  it('property: holds for any amount a segment may hold (1 to 9,999,999,999 cents)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), (value) => roundTrips(value)),
      { numRuns: 200_000 },
    );
  });

  it('property: every record carries its item’s cents and the trailer their exact totals', () => {
    const items = fc.array(
      fc.record({
        direction: fc.constantFrom('debit' as const, 'credit' as const),
        amount: fc.integer({ min: 1, max: 9_999_999_999 }),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(items, (drawn) => {
        const lines = recordsOf(
          cpa005File(
            input({
              items: drawn.map((d, i) =>
                item({ direction: d.direction, amount: cents(d.amount), reference: `R${i}` }),
              ),
            }),
          ),
        );
        drawn.forEach((d, i) => {
          const line = lines[i + 1] ?? '';
          expect(line[0]).toBe(d.direction === 'debit' ? 'D' : 'C');
          expect(Number(segment(line).amount)).toBe(d.amount);
        });
        const sum = (direction: string) =>
          drawn.filter((d) => d.direction === direction).reduce((total, d) => total + d.amount, 0);
        const count = (direction: string) => drawn.filter((d) => d.direction === direction).length;
        expect(fields(lines.at(-1) ?? '', trailerLayout)).toMatchObject({
          count: String(drawn.length + 2).padStart(9, '0'),
          debitValue: String(sum('debit')).padStart(14, '0'),
          debitCount: String(count('debit')).padStart(8, '0'),
          creditValue: String(sum('credit')).padStart(14, '0'),
          creditCount: String(count('credit')).padStart(8, '0'),
        });
      }),
      { numRuns: 300 },
    );
  });
});
