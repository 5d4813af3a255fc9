import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cents, type Cents } from '../money';
import { taxCodes } from '../schemas/building';
import {
  invoicePostingLines,
  invoiceTaxesFor,
  invoiceTotals,
  taxOn,
  taxRatePresets,
  type BuildingTaxRate,
} from './invoice-totals';

const line = (amount: number) => ({ amount: cents(amount) });

describe('invoice taxes', () => {
  it('presets every tax code with its province’s current rate', () => {
    expect(Object.keys(taxRatePresets).sort()).toEqual([...taxCodes].sort());
    expect(taxRatePresets).toMatchObject({ GST: 0.05, QC: 0.09975, ON: 0.13, NS: 0.14, NB: 0.15, BC: 0.07 });
  });

  it('computes each active tax of the building on the subtotal, rounded half up', () => {
    const quebec: BuildingTaxRate[] = [
      { id: 'GST', isActive: true, rate: 0.05 },
      { id: 'QC', isActive: true, rate: 0.09975 },
      { id: 'ON', isActive: false, rate: 0.13 },
    ];
    // 1,000.00: GST 50.00, QST 99.75 (no float error turns 99.75 into 99.74).
    expect(invoiceTaxesFor(cents(100_000), quebec)).toEqual([
      { code: 'GST', amount: 5_000 },
      { code: 'QC', amount: 9_975 },
    ]);
    // 0.10 × 5 % = 0.005 → 0.01 (half up); 0.10 × 9.975 % = 0.009975 → 0.01.
    expect(invoiceTaxesFor(cents(10), quebec)).toEqual([
      { code: 'GST', amount: 1 },
      { code: 'QC', amount: 1 },
    ]);
    // 0.09 × 5 % = 0.0045 → 0.00.
    expect(taxOn(cents(9), 0.05)).toBe(0);
    // 12.50 × 13 % = 1.625 → 1.63; a negative amount rounds away from zero.
    expect(taxOn(cents(1_250), 0.13)).toBe(163);
    expect(taxOn(cents(-1_250), 0.13)).toBe(-163);
  });

  it('is within half a cent of the exact tax, whatever the amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 100_000 }),
        (amount, permille) => {
          const rate = permille / 100_000;
          const tax = taxOn(cents(amount), rate);
          // Exact in integers: |tax × 100000 − amount × permille| ≤ 100000 / 2.
          expect(Math.abs(tax * 100_000 - amount * permille)).toBeLessThanOrEqual(50_000);
        },
      ),
    );
  });

  it('adds the lines and the taxes into the total', () => {
    expect(
      invoiceTotals([line(10_000), line(2_345)], [{ amount: cents(617) }, { amount: cents(1_231) }]),
    ).toEqual({ subtotal: 12_345, taxes: 1_848, total: 14_193 });
  });
});

describe('invoice posting lines', () => {
  it('adds to each line its share of the taxes, by largest remainder', () => {
    // Taxes 14.97 over 100.00 and 50.00: exact shares 9.98 and 4.99.
    expect(
      invoicePostingLines([line(10_000), line(5_000)], [{ amount: cents(500) }, { amount: cents(997) }]),
    ).toEqual([10_998, 5_499]);
    // One cent of tax over three equal lines goes to the first.
    expect(invoicePostingLines([line(100), line(100), line(100)], [{ amount: cents(1) }])).toEqual([
      101, 100, 100,
    ]);
    expect(invoicePostingLines([line(100)], [])).toEqual([100]);
  });

  const linesArb = fc.array(fc.integer({ min: 1, max: 1e9 }).map(cents), { minLength: 1, maxLength: 50 });
  const taxesArb = fc.array(fc.integer({ min: 0, max: 1e8 }).map(cents), { maxLength: taxCodes.length });

  it('always adds up to the invoice’s total, each line within a cent of its exact share', () => {
    fc.assert(
      fc.property(linesArb, taxesArb, (amounts: Cents[], taxAmounts: Cents[]) => {
        const lines = amounts.map((amount) => ({ amount }));
        const taxes = taxAmounts.map((amount) => ({ amount }));
        const posted = invoicePostingLines(lines, taxes);
        const { subtotal, total } = invoiceTotals(lines, taxes);
        expect(posted.reduce((a, b) => a + b, 0)).toBe(total);
        const taxTotal = total - subtotal;
        posted.forEach((amount, i) => {
          const share = amount - (amounts[i] ?? 0);
          expect(share).toBeGreaterThanOrEqual(0);
          const exact = (taxTotal * (amounts[i] ?? 0)) / subtotal;
          expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
        });
      }),
    );
  });
});
