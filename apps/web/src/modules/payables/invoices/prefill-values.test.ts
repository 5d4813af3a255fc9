import { describe, expect, it } from 'vitest';
import { cents, hasKey, taxOn, type BuildingView, type InvoicePrefill } from '@copro/domain';
import { newInvoiceValues } from './invoice-values';
import {
  confidenceLook,
  fieldsToCheck,
  lowestConfidence,
  prefilledInvoice,
  shownConfidence,
  subtotalForTotal,
  type Confidence,
} from './prefill-values';

const supplier = '0b8f5d2c-3f4e-4a3b-9c1d-2e5f6a7b8c9d';
const repairs = '1c9e6e3d-4a5f-4b4c-8d2e-3f6a7b8c9d0e';
const taxes: BuildingView['taxes'] = [
  { id: 'GST', isActive: true, rate: 0.05 },
  { id: 'QC', isActive: true, rate: 0.09975 },
];
const suppliers = [{ uuid: supplier, category: repairs, archived: false }];
const attachment = {
  fileId: '3e1a8a5f-6c7b-4d6e-8f4a-5b8c9d0e1f2a',
  fileName: 'scan.pdf',
  mimeType: 'application/pdf',
  size: 2048,
};
const start = newInvoiceValues({ date: '2026-03-02', creditNote: false, taxes });
const read = (over: Partial<InvoicePrefill> = {}): InvoicePrefill => ({
  supplierUuid: { value: supplier, confidence: 'high' },
  number: { value: 'F-2026-17', confidence: 'medium' },
  date: { value: '2026-02-27', confidence: 'high' },
  total: { value: cents(114_975), confidence: 'high' },
  taxes: [
    { code: 'GST', amount: cents(5_000), confidence: 'high' },
    { code: 'QC', amount: cents(9_975), confidence: 'low' },
  ],
  source: 'text',
  attachment,
  ...over,
});
const context = { suppliers, buildingTaxes: taxes, language: 'en' as const };

describe('an invoice filled from its PDF', () => {
  it('takes what was read, the total less the taxes as one line in the supplier’s category, the PDF attached', () => {
    const { values, marks, total } = prefilledInvoice(start, read(), context);
    expect(values).toMatchObject({
      supplierUuid: supplier,
      number: 'F-2026-17',
      date: '2026-02-27',
      lines: [{ categoryUuid: repairs, description: '', amount: '1000.00' }],
      taxes: [
        { code: 'GST', amount: '50.00', fixed: true },
        { code: 'QC', amount: '99.75', fixed: true },
      ],
      attachments: [attachment],
    });
    // The line is no surer than the lowest of the total and the taxes it comes from.
    expect(marks).toEqual({
      supplierUuid: 'high',
      number: 'medium',
      date: 'high',
      'taxes.0.amount': 'high',
      'taxes.1.amount': 'low',
      'lines.0.amount': 'low',
    });
    expect(total).toEqual({ cents: 114_975, confidence: 'high' });
  });

  it('without taxes read, finds the amount that gives the total at the building’s rates', () => {
    const { values, marks } = prefilledInvoice(start, read({ taxes: [] }), context);
    expect(values.lines[0]?.amount).toBe('1000.00');
    expect(values.taxes).toEqual([
      { code: 'GST', amount: '50.00', fixed: false },
      { code: 'QC', amount: '99.75', fixed: false },
    ]);
    expect(marks['lines.0.amount']).toBe('medium');
  });

  it('leaves out a supplier that is not one of the year’s, and fields not read', () => {
    const { values, marks } = prefilledInvoice(
      start,
      read({
        supplierUuid: { value: '9f8e7d6c-5b4a-4392-8f1e-0d9c8b7a6f5e', confidence: 'low' },
        number: null,
        total: null,
      }),
      context,
    );
    expect(values.supplierUuid).toBe('');
    expect(values.number).toBe('');
    expect(values.lines[0]?.amount).toBe('');
    expect(Object.keys(marks)).toEqual(['date', 'taxes.0.amount', 'taxes.1.amount']);
  });
});

describe('the amount before taxes of a total', () => {
  it('gives back the total to the cent whenever some amount does', () => {
    const rates = [0.05, 0.09975];
    for (const subtotal of [1, 99, 1_000, 12_345, 99_999, 1_234_567]) {
      const total = subtotal + rates.reduce((sum, rate) => sum + taxOn(cents(subtotal), rate), 0);
      const found = subtotalForTotal(total, rates);
      expect(found + rates.reduce((sum, rate) => sum + taxOn(cents(found), rate), 0)).toBe(total);
    }
    expect(subtotalForTotal(5_000, [])).toBe(5_000);
  });
});

describe('how a field read from the PDF shows its confidence', () => {
  const { values, marks } = prefilledInvoice(start, read(), context);

  it('shows while the field holds what was read, and no more once the user changed it', () => {
    expect(shownConfidence(marks, values, values, 'number')).toBe('medium');
    expect(shownConfidence(marks, values, { ...values, number: 'F-2026-18' }, 'number')).toBeNull();
    expect(shownConfidence(marks, values, values, 'notes')).toBeNull();
  });

  it('asks to check only what is less than sure and still as read', () => {
    expect(fieldsToCheck(marks, values, values)).toEqual(['number', 'taxes.1.amount', 'lines.0.amount']);
    const corrected = {
      ...values,
      number: 'F-2026-18',
      taxes: values.taxes.map((tax, i) => (i === 1 ? { ...tax, amount: '99.76' } : tax)),
    };
    expect(fieldsToCheck(marks, values, corrected)).toEqual(['lines.0.amount']);
  });

  it('takes the lowest of several confidences', () => {
    expect(lowestConfidence()).toBe('high');
    expect(lowestConfidence('high', 'medium')).toBe('medium');
    expect(lowestConfidence('medium', 'low', 'high')).toBe('low');
  });

  it.each<Confidence>(['high', 'medium', 'low'])(
    '%s has its own color and words in both languages',
    (confidence) => {
      const look = confidenceLook(confidence);
      for (const key of [look.labelKey, look.hintKey]) {
        expect(hasKey('en', key)).toBe(true);
        expect(hasKey('fr', key)).toBe(true);
      }
      const others = (['high', 'medium', 'low'] as const).filter((c) => c !== confidence);
      for (const other of others) expect(confidenceLook(other).color).not.toBe(look.color);
    },
  );
});
