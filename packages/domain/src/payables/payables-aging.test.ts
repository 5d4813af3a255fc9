import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents } from '../money';
import { agingBuckets } from '../schemas/receivables';
import { addDays } from '../time';
import { agePayables, payablesAgingReport, type PayableDocument, type SupplierAging } from './payables-aging';

const supplierA = 'a0000000-0000-4000-8000-000000000001';
const supplierB = 'b0000000-0000-4000-8000-000000000002';

const invoice = (
  date: string,
  total: number,
  options: { paid?: number; dueDate?: string; creditNote?: boolean; supplier?: string } = {},
): PayableDocument => ({
  supplierUuid: options.supplier ?? supplierA,
  date,
  dueDate: options.dueDate ?? null,
  creditNote: options.creditNote ?? false,
  total: cents(total),
  paid: cents(options.paid ?? 0),
});

describe('payables aging', () => {
  it('ages each open invoice by its due date, or its date when it has none', () => {
    const asOf = '2026-06-30';
    const [aging] = agePayables(
      [
        invoice('2026-03-27', 10_000), // 95 days old
        invoice('2026-05-21', 20_000), // 40 days
        invoice('2026-06-20', 30_000), // 10 days
        invoice('2026-04-01', 40_000, { paid: 15_000, dueDate: '2026-05-01' }), // due 60 days ago, 25,000 left
        invoice('2026-06-01', 5_000, { dueDate: '2026-07-31' }), // not due yet
        invoice('2026-01-10', 7_000, { paid: 7_000 }), // paid in full
        invoice('2026-07-01', 9_000), // after the date
      ],
      asOf,
    );
    expect(aging).toEqual({
      supplierUuid: supplierA,
      buckets: { current: 35_000, days30: 20_000, days60: 25_000, days90: 10_000 },
      total: 90_000,
    });
  });

  it('takes a credit note’s unused amount off the supplier’s current bucket, whatever its age', () => {
    const aging = agePayables(
      [
        invoice('2026-01-01', 10_000),
        invoice('2026-01-15', 4_000, { creditNote: true, paid: 1_000 }),
        invoice('2026-02-01', 2_500, { creditNote: true, supplier: supplierB }),
      ],
      '2026-06-30',
    );
    expect(aging).toEqual([
      {
        supplierUuid: supplierA,
        buckets: { current: -3_000, days30: 0, days60: 0, days90: 10_000 },
        total: 7_000,
      },
      {
        supplierUuid: supplierB,
        buckets: { current: -2_500, days30: 0, days60: 0, days90: 0 },
        total: -2_500,
      },
    ]);
  });

  it('leaves out a supplier with nothing open, but keeps one whose credit offsets an old invoice', () => {
    const aging = agePayables(
      [
        invoice('2026-01-01', 10_000, { paid: 10_000, supplier: supplierB }),
        invoice('2026-01-01', 10_000),
        invoice('2026-06-01', 10_000, { creditNote: true }),
      ],
      '2026-06-30',
    );
    expect(aging).toEqual([
      {
        supplierUuid: supplierA,
        buckets: { current: -10_000, days30: 0, days60: 0, days90: 10_000 },
        total: 0,
      },
    ]);
  });

  it('sorts the report by supplier name and totals each bucket', () => {
    const names: Record<string, string> = { [supplierA]: 'Zinc inc.', [supplierB]: 'Électricité Alpha' };
    const report = payablesAgingReport(
      [invoice('2026-06-01', 1_000), invoice('2026-03-01', 2_000, { supplier: supplierB })],
      '2026-06-30',
      (uuid) => names[uuid] ?? '',
      'fr',
    );
    expect(report.rows.map((row) => row.supplierName)).toEqual(['Électricité Alpha', 'Zinc inc.']);
    expect(report.totals).toEqual({ current: 1_000, days30: 0, days60: 0, days90: 2_000 });
    expect(report.total).toBe(3_000);
    expect(report.asOf).toBe('2026-06-30');
  });
});

const dayOffset = fc.integer({ min: 0, max: 400 });
const day = dayOffset.map((offset) => addDays('2025-06-01', offset));
const documentArb = fc
  .record({
    supplier: fc.constantFrom(supplierA, supplierB),
    date: day,
    dueIn: fc.option(fc.integer({ min: -30, max: 90 }), { nil: null }),
    creditNote: fc.boolean(),
    total: fc.integer({ min: 1, max: 10_000_000 }),
    paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((d): PayableDocument => ({
    supplierUuid: d.supplier,
    date: d.date,
    dueDate: d.dueIn === null ? null : addDays(d.date, d.dueIn),
    creditNote: d.creditNote,
    total: cents(d.total),
    paid: cents(Math.floor(d.total * d.paidShare)),
  }));

/** Money at least as old as each bucket: 90+, then 60+, then 30+. */
const olderThan = (buckets: Record<(typeof agingBuckets)[number], number>): number[] => [
  buckets.days90,
  buckets.days90 + buckets.days60,
  buckets.days90 + buckets.days60 + buckets.days30,
];

describe('payables aging properties', () => {
  it('gives each supplier buckets that add up to its total, and the report totals that add up', () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 40 }), day, (documents, asOf) => {
        const report = payablesAgingReport(documents, asOf, (uuid) => uuid, 'en');
        for (const row of report.rows)
          expect(agingBuckets.reduce((sum, bucket) => sum + row.buckets[bucket], 0)).toBe(row.total);
        expect(agingBuckets.reduce((sum, bucket) => sum + report.totals[bucket], 0)).toBe(report.total);
        // What is open of every document dated by then, credit notes taken off.
        const open = documents
          .filter((d) => d.date <= asOf)
          .reduce((sum, d) => sum + (d.creditNote ? -1 : 1) * (d.total - d.paid), 0);
        expect(report.total).toBe(open);
      }),
    );
  });

  it('shows a supplier whose invoice and credit note cancel out only once the invoice ages', () => {
    const documents: PayableDocument[] = [
      {
        supplierUuid: 's',
        date: '2026-01-01',
        dueDate: null,
        creditNote: false,
        total: cents(100),
        paid: cents(0),
      },
      {
        supplierUuid: 's',
        date: '2026-01-01',
        dueDate: null,
        creditNote: true,
        total: cents(100),
        paid: cents(0),
      },
    ];
    expect(agePayables(documents, '2026-01-10')).toEqual([]);
    expect(agePayables(documents, '2026-02-15')).toEqual([
      { supplierUuid: 's', buckets: { current: -100, days30: 100, days60: 0, days90: 0 }, total: 0 },
    ]);
  });

  it('never moves money to a younger bucket when the date moves forward', () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 40 }), day, dayOffset, (documents, later, back) => {
        const earlier = addDays(later, -back);
        const dated = documents.filter((d) => d.date <= earlier);
        const before = new Map(agePayables(dated, earlier).map((a) => [a.supplierUuid, a]));
        const after = new Map(agePayables(dated, later).map((a) => [a.supplierUuid, a]));
        // A supplier whose buckets are all zero is left out, and an invoice offset by a credit note
        // in current stops being zero once it ages: such a supplier counts as all zero where absent.
        const none = { current: 0, days30: 0, days60: 0, days90: 0 } as SupplierAging['buckets'];
        for (const supplier of new Set([...before.keys(), ...after.keys()])) {
          const aged = after.get(supplier) ?? { total: 0, buckets: none };
          const was = before.get(supplier) ?? { total: 0, buckets: none };
          expect(aged.total).toBe(was.total);
          olderThan(aged.buckets).forEach((amount, i) => {
            // Credit notes stay current: money only ever ages.
            expect(amount).toBeGreaterThanOrEqual(olderThan(was.buckets)[i] ?? 0);
          });
        }
      }),
    );
  });
});
