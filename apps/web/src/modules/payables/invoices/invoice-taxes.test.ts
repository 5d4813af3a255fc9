import { describe, expect, it } from 'vitest';
import type { BuildingView } from '@copro/domain';
import {
  addedTax,
  computedTaxes,
  freeTaxCodes,
  presetTaxes,
  recomputedTaxes,
  type InvoiceTaxValues,
} from './invoice-taxes';

const quebec: BuildingView['taxes'] = [
  { id: 'GST', isActive: true, rate: 0.05 },
  { id: 'QC', isActive: true, rate: 0.09975 },
  { id: 'ON', isActive: false, rate: 0.13 },
];

describe('tax presets of a new invoice', () => {
  it('are the building’s active taxes, in its order, following the subtotal', () => {
    expect(presetTaxes(quebec)).toEqual([
      { code: 'GST', amount: '', fixed: false },
      { code: 'QC', amount: '', fixed: false },
    ]);
  });

  it('are each the building’s rate of the subtotal, rounded half up to the cent, in the user’s decimals', () => {
    expect(computedTaxes(presetTaxes(quebec), 10_000, quebec, 'en')).toEqual([
      { code: 'GST', amount: '5.00', fixed: false },
      { code: 'QC', amount: '9.98', fixed: false },
    ]);
    // 123.45 × 9.975 % = 12.3141…; × 5 % = 6.1725 → 6.17.
    expect(computedTaxes(presetTaxes(quebec), 12_345, quebec, 'fr').map((row) => row.amount)).toEqual([
      '6,17',
      '12,31',
    ]);
  });

  it('leave a typed tax as it is, and come back as the same array when nothing changes', () => {
    const rows: InvoiceTaxValues[] = [
      { code: 'GST', amount: '4.00', fixed: true },
      { code: 'QC', amount: '9.98', fixed: false },
    ];
    expect(computedTaxes(rows, 20_000, quebec, 'en')).toEqual([
      { code: 'GST', amount: '4.00', fixed: true },
      { code: 'QC', amount: '19.95', fixed: false },
    ]);
    expect(computedTaxes(rows, 10_000, quebec, 'en')).toBe(rows);
  });

  it('all follow the subtotal again on "recompute"', () => {
    const rows: InvoiceTaxValues[] = [{ code: 'GST', amount: '1.00', fixed: true }];
    expect(recomputedTaxes(rows, 10_000, quebec, 'en')).toEqual([
      { code: 'GST', amount: '5.00', fixed: false },
    ]);
  });

  it('offer the building’s other taxes, then every other code; one without a rate is typed', () => {
    const free = freeTaxCodes(presetTaxes(quebec), quebec);
    expect(free.slice(0, 2)).toEqual(['ON', 'BC']);
    expect(free).not.toContain('GST');
    expect(new Set(free).size).toBe(free.length);
    expect(addedTax('ON', quebec)).toEqual({ code: 'ON', amount: '', fixed: false });
    expect(addedTax('BC', quebec)).toEqual({ code: 'BC', amount: '', fixed: true });
  });
});
