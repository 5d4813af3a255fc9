import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { amountsIn, readInvoice, type InvoiceReading } from './invoice-reading';
import { taxOn } from './invoice-totals';

const nord = { uuid: '11111111-1111-4111-8111-111111111111', name: 'Déneigement Nord inc.' };
const laval = { uuid: '22222222-2222-4222-8222-222222222222', name: 'Plomberie Laval' };
const lavoie = { uuid: '33333333-3333-4333-8333-333333333333', name: 'Entretien Ménager Lavoie ltée' };
const hydro = { uuid: '44444444-4444-4444-8444-444444444444', name: 'Hydro-Québec' };
const suppliers = [nord, laval, lavoie, hydro];

const read = (text: string, taxes: Parameters<typeof readInvoice>[0]['taxes'] = []) =>
  readInvoice({ text, suppliers, taxes });

const frenchInvoice = `Déneigement Nord inc.
123, rue Principale, Québec (Québec) G1A 1A1
No TPS : 123456789 RT0001   No TVQ : 1234567890 TQ0001
Facture no : F-2026-0042
Date : 15 mars 2026
Date d'échéance : 14 avril 2026
Facturé à : Syndicat de la copropriété du 100, rue King
Déneigement du stationnement, février      1 000,00 $
Sous-total                                  1 000,00 $
TPS (5 %)                                      50,00 $
TVQ (9,975 %)                                  99,75 $
Total                                       1 149,75 $`;

const englishInvoice = `PLOMBERIE LAVAL
Invoice #INV-2291
Invoice Date: March 3, 2026      Due Date: April 2, 2026
Bill to: 100 King Street Condominium
Repair kitchen drain                  $1,250.00
Subtotal                              $1,250.00
GST/TPS 5%                               $62.50
QST/TVQ 9.975%                          $124.69
TOTAL DUE                             $1,437.19
Thank you for your business!`;

describe('reading an invoice: realistic texts', () => {
  const cases: {
    name: string;
    text: string;
    taxes?: Parameters<typeof read>[1];
    expected: InvoiceReading;
  }[] = [
    {
      name: 'a French Québec invoice, every value labelled and cross-checked',
      text: frenchInvoice,
      expected: {
        supplierUuid: { value: nord.uuid, confidence: 'high' },
        number: { value: 'F-2026-0042', confidence: 'high' },
        date: { value: '2026-03-15', confidence: 'high' },
        total: { value: cents(114_975), confidence: 'high' },
        taxes: [
          { code: 'GST', amount: cents(5_000), confidence: 'high' },
          { code: 'QC', amount: cents(9_975), confidence: 'high' },
        ],
      },
    },
    {
      name: 'an English invoice: "$1,234.56", "Invoice #", the due date on the same line',
      text: englishInvoice,
      expected: {
        supplierUuid: { value: laval.uuid, confidence: 'high' },
        number: { value: 'INV-2291', confidence: 'high' },
        date: { value: '2026-03-03', confidence: 'high' },
        total: { value: cents(143_719), confidence: 'high' },
        taxes: [
          { code: 'GST', amount: cents(6_250), confidence: 'high' },
          { code: 'QC', amount: cents(12_469), confidence: 'high' },
        ],
      },
    },
    {
      name: 'a table: labels on one row, values below; an ambiguous numeric date',
      text: `ENTRETIEN LAVOIE
FACTURE
No de facture   Date de facture   Date d'échéance
A-77            02/03/2026        01/04/2026
Sous-total   TPS      TVQ      Total
2 000,00     100,00   199,50   2 299,50`,
      expected: {
        // Two of the three significant words of "Entretien Ménager Lavoie".
        supplierUuid: { value: lavoie.uuid, confidence: 'medium' },
        number: { value: 'A-77', confidence: 'medium' },
        // 02/03 is 2 March in French, but could be February 3: one level less sure than "below".
        date: { value: '2026-03-02', confidence: 'low' },
        total: { value: cents(229_950), confidence: 'high' },
        taxes: [
          { code: 'GST', amount: cents(10_000), confidence: 'high' },
          { code: 'QC', amount: cents(19_950), confidence: 'high' },
        ],
      },
    },
    {
      name: 'OCR text: lost thousands spaces, "$" stuck to the amount, no subtotal',
      text: `Deneigement Nord
FACTURE F-318
Le 1er février 2026
Service mensuel 870,00$
TPS 43,50$
TVQ 86,78$
TOTAL A PAYER 1000,28$`,
      expected: {
        supplierUuid: { value: nord.uuid, confidence: 'high' },
        number: { value: 'F-318', confidence: 'medium' },
        date: { value: '2026-02-01', confidence: 'medium' },
        // No subtotal: the taxes check against total − taxes, which confirms the total too.
        total: { value: cents(100_028), confidence: 'high' },
        taxes: [
          { code: 'GST', amount: cents(4_350), confidence: 'high' },
          { code: 'QC', amount: cents(8_678), confidence: 'high' },
        ],
      },
    },
    {
      name: 'an Ontario invoice: HST is the code the building has active',
      text: `Invoice No. 5531
Date: 2026-01-20
Elevator inspection 400.00
HST 52.00
Total 452.00`,
      taxes: [{ id: 'ON', isActive: true, rate: 0.13 }],
      expected: {
        supplierUuid: null,
        number: { value: '5531', confidence: 'high' },
        date: { value: '2026-01-20', confidence: 'high' },
        total: { value: cents(45_200), confidence: 'high' },
        taxes: [{ code: 'ON', amount: cents(5_200), confidence: 'high' }],
      },
    },
    {
      name: 'no labels at all: the largest amount, the one date',
      text: `Hydro Quebec
Electricity, common areas
March 31, 2026
Consumption 245.10
Previous balance 0.00
312.44`,
      expected: {
        supplierUuid: { value: hydro.uuid, confidence: 'high' },
        number: null,
        date: { value: '2026-03-31', confidence: 'medium' },
        total: { value: cents(31_244), confidence: 'low' },
        taxes: [],
      },
    },
    {
      name: 'only an amount due, taxes that do not match any rate',
      text: `Invoice: 88-1
Amount due: $500.00
GST 10.00`,
      expected: {
        supplierUuid: null,
        number: { value: '88-1', confidence: 'high' },
        date: null,
        total: { value: cents(50_000), confidence: 'medium' },
        taxes: [{ code: 'GST', amount: cents(1_000), confidence: 'medium' }],
      },
    },
    {
      name: 'nothing to read',
      text: '',
      expected: { supplierUuid: null, number: null, date: null, total: null, taxes: [] },
    },
  ];

  it.each(cases)('$name', ({ text, taxes, expected }) => {
    expect(read(text, taxes)).toEqual(expected);
  });
});

describe('reading an invoice: each rule', () => {
  it('reads the amounts as they are written in English and French', () => {
    const text =
      '1 234,56 $ | $1,234.56 | 1234.56 | 1.234,56 € | 12,50 | 5,00 % | 9.975% | 1,234,56 | 12.345';
    expect(amountsIn(text).map((a) => [a.text, a.amount])).toEqual([
      ['1 234,56', 123_456],
      ['1,234.56', 123_456],
      ['1234.56', 123_456],
      ['1.234,56', 123_456],
      ['12,50', 1_250],
    ]);
  });

  it.each([
    ['Date: 2026-03-15', '2026-03-15', 'high'],
    ['Date : 15/03/2026', '2026-03-15', 'high'],
    ['Date : 15 mars 2026', '2026-03-15', 'high'],
    ['Date de la facture : 1er déc. 2026', '2026-12-01', 'high'],
    ['Invoice date: 15 March 2026', '2026-03-15', 'high'],
    ['Issue date: Mar. 15, 2026', '2026-03-15', 'high'],
    // Both numbers could be the month: read as the text's language writes it, less sure.
    ['Facture no 1\nDate : 03/04/2026', '2026-04-03', 'medium'],
    ['Invoice no 1\nDate: 03/04/2026', '2026-03-04', 'medium'],
  ] as const)('reads the date of %j', (text, iso, confidence) => {
    expect(read(text).date).toEqual({ value: iso, confidence });
  });

  it('takes no impossible date, and no due date as the invoice date', () => {
    expect(read('Date: 31/02/2026').date).toBeNull();
    expect(read('Date: 2026-03-15\nDue date: 2026-04-14').date?.value).toBe('2026-03-15');
    expect(read('Échéance : 2026-04-14\nLivré le 2026-03-10').date).toEqual({
      value: '2026-03-10',
      confidence: 'medium',
    });
  });

  it.each([
    ['Facture no : F-12', 'F-12'],
    ['Facture n° 4521', '4521'],
    ['No de facture : 2026-0042', '2026-0042'],
    ['Numéro de facture: AB12', 'AB12'],
    ['Invoice #12345', '12345'],
    ['Invoice Number: INV-0042.', 'INV-0042'],
  ])('reads the number of %j as labelled', (text, number) => {
    expect(read(text).number).toEqual({ value: number, confidence: 'high' });
  });

  it('takes no date or amount as a number, and no label without a digit', () => {
    expect(read('Facture no : 2026-03-15').number).toBeNull();
    expect(read('Invoice Date: 2026-03-15').number).toBeNull();
    expect(read('Invoice # 1,250.00').number).toBeNull();
  });

  it('prefers the total over a subtotal or a total of taxes, and says when totals disagree', () => {
    const text = 'Sous-total 100,00\nTotal des taxes 14,98\nTotal 114,98';
    expect(read(text).total).toEqual({ value: 114_98, confidence: 'high' });
    expect(read('Total 100,00\nTotal 250,00').total).toEqual({ value: 250_00, confidence: 'medium' });
    expect(read('Total\nTravaux 10,00 et 250,00').total).toEqual({ value: 250_00, confidence: 'medium' });
  });

  it('leaves out an HST no rate or building setting names', () => {
    expect(read('Total 115,00\nHST 15,00').taxes).toEqual([]);
    expect(read('Total 113,00\nHST 13% 13,00').taxes).toEqual([
      { code: 'ON', amount: 1_300, confidence: 'high' },
    ]);
  });

  it('matches a supplier by its whole name before its words, and says when two could be it', () => {
    const two = [
      { uuid: 'a', name: 'Toitures Rive-Sud' },
      { uuid: 'b', name: 'Toitures Rive-Nord' },
    ];
    expect(readInvoice({ text: 'TOITURES RIVE NORD', suppliers: two }).supplierUuid).toEqual({
      value: 'b',
      confidence: 'high',
    });
    expect(readInvoice({ text: 'Toitures et rive', suppliers: two }).supplierUuid).toEqual({
      value: 'a',
      confidence: 'low',
    });
    // One of two significant words is not more than half.
    expect(readInvoice({ text: 'Toitures', suppliers: two }).supplierUuid).toBeNull();
    // "Nord" alone is a whole name too; the longer one wins.
    const nested = [...two, { uuid: 'c', name: 'Nord' }];
    expect(readInvoice({ text: 'Toitures Rive-Nord', suppliers: nested }).supplierUuid?.value).toBe('b');
  });
});

/** Text the reading must survive: any string, and strings made of the pieces it looks for. */
const invoiceLike = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        'Total',
        'Sous-total',
        'TPS',
        'TVQ',
        'HST 13 %',
        'Facture no',
        'Invoice #',
        'Date',
        'Échéance',
        ':',
        '$',
        '\n',
        ' ',
        '\r\n',
        '%',
      ),
      fc
        .integer({ min: 0, max: 99_999_999_999 })
        .map((n) => `${Math.floor(n / 100)},${String(n % 100).padStart(2, '0')}`),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(' '));

/**
 * Every amount written in the text, read independently of the reading: the digits before a decimal
 * mark and two digits, through any spaces, dots and commas ("1 234,56" also writes 234,56 and 4,56).
 */
function writtenAmounts(text: string): Set<number> {
  const amounts = new Set<number>();
  for (const mark of text.matchAll(/(?=[.,]\d\d)/g)) {
    let digits = text.slice(mark.index + 1, mark.index + 3);
    for (let i = mark.index - 1; i >= Math.max(0, mark.index - 30) && /[\d\s.,]/.test(text[i] ?? ''); i--) {
      if (!/\d/.test(text[i] ?? '')) continue;
      digits = `${text[i]}${digits}`;
      amounts.add(Number(digits));
    }
  }
  return amounts;
}

describe('reading an invoice: properties', () => {
  it('never throws, and every amount it answers is written in the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), invoiceLike), (text) => {
        const reading = readInvoice({ text, suppliers });
        const written = writtenAmounts(text);
        for (const amount of [reading.total?.value, ...reading.taxes.map((t) => t.amount)]) {
          if (amount !== undefined) expect(written).toContain(amount);
        }
        for (const found of amountsIn(text)) {
          expect(text.slice(found.index, found.end)).toBe(found.text);
          expect(writtenAmounts(found.text)).toContain(found.amount);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads back any invoice written in the usual English or French way, with high confidence', () => {
    const french = (amount: number) =>
      `${Math.floor(amount / 100).toLocaleString('fr-CA')},${String(amount % 100).padStart(2, '0')} $`;
    const english = (amount: number) =>
      `$${Math.floor(amount / 100).toLocaleString('en-CA')}.${String(amount % 100).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000_000 }),
        fc.boolean(),
        fc.stringMatching(/^[A-Z]{0,3}\d{1,8}(?:-\d{1,4})?$/),
        fc.date({ min: new Date('1990-01-01'), max: new Date('2150-12-31'), noInvalidDate: true }),
        (subtotal, inFrench, number, day) => {
          const gst = taxOn(cents(subtotal), 0.05);
          const qst = taxOn(cents(subtotal), 0.09975);
          const total = subtotal + gst + qst;
          const iso = day.toISOString().slice(0, 10);
          const money = inFrench ? french : english;
          const text = inFrench
            ? `Plomberie Laval\nFacture no ${number}\nDate : ${iso}\nSous-total ${money(subtotal)}\nTPS ${money(gst)}\nTVQ ${money(qst)}\nTotal ${money(total)}`
            : `PLOMBERIE LAVAL\nInvoice # ${number}\nDate: ${iso}\nSubtotal ${money(subtotal)}\nGST ${money(gst)}\nQST ${money(qst)}\nTotal ${money(total)}`;
          expect(readInvoice({ text, suppliers })).toEqual({
            supplierUuid: { value: laval.uuid, confidence: 'high' },
            number: { value: number, confidence: 'high' },
            date: { value: iso, confidence: 'high' },
            total: { value: total, confidence: 'high' },
            taxes: [
              ...(gst > 0 ? [{ code: 'GST', amount: gst, confidence: 'high' }] : []),
              ...(qst > 0 ? [{ code: 'QC', amount: qst, confidence: 'high' }] : []),
            ],
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
