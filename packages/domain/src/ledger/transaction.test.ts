import { describe, expect, it } from 'vitest';
import { isTransactionIndex, transactionInputSchema, type TransactionKind } from './transaction';

const input = (kind: TransactionKind, files: number) => ({
  date: '2026-03-01',
  description: 'Test',
  kind,
  taxes: [],
  indexes: [],
  subtransactions: [
    { aid: 1, amount: 100 },
    { aid: 2, amount: -100 },
  ],
  attachments: Array.from({ length: files }, (_, i) => ({
    fileId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    fileName: `f${i}.pdf`,
    mimeType: 'application/pdf',
    size: 10,
  })),
});

const keys = (value: unknown) => {
  const result = transactionInputSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('transaction input', () => {
  it('takes at most 5 files on a supplier invoice, 500 on a unit payment and none elsewhere', () => {
    expect(keys(input('supplierInvoice', 5))).toEqual([]);
    expect(keys(input('supplierInvoice', 6))).toEqual(['validation.tooManyFiles']);
    expect(keys(input('unitPayment', 500))).toEqual([]);
    expect(keys(input('accountantWriting', 1))).toEqual(['validation.tooManyFiles']);
    expect(keys(input('accountantWriting', 0))).toEqual([]);
  });

  it('accepts only the SPEC index forms', () => {
    expect(isTransactionIndex('aid:12')).toBe(true);
    expect(isTransactionIndex('deposit:D-12')).toBe(true);
    expect(isTransactionIndex('unpaid-invoice:F123')).toBe(true);
    expect(isTransactionIndex('anything:12')).toBe(false);
    expect(isTransactionIndex('aid:twelve')).toBe(false);
  });
});
