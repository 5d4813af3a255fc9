import { describe, expect, it } from 'vitest';
import { newSaleValues, prepareSale } from './sale-values';

describe('sale form', () => {
  it('carries the balance by default and wants at least one new owner', () => {
    const values = newSaleValues('2026-06-15');
    expect(values.balance).toBe('carry');
    const { input, issues } = prepareSale(values);
    expect(input).toBeNull();
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['newOwners']);
  });

  it('sends the date, the owners and the balance option', () => {
    const owner = '66666666-6666-4666-8666-666666666666';
    expect(prepareSale({ date: '2026-06-15', newOwners: [owner], balance: 'leave' }).input).toEqual({
      date: '2026-06-15',
      newOwners: [owner],
      balance: 'leave',
    });
    expect(prepareSale({ date: '', newOwners: [owner], balance: 'leave' }).issues[0]?.path).toEqual(['date']);
  });
});
