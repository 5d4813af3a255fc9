import { describe, expect, it } from 'vitest';
import { centsOf, typedAmount } from './typed-amount';

describe('typedAmount', () => {
  it('reads amounts typed the French or the English way', () => {
    expect(typedAmount('1 234,56')).toEqual({ kind: 'cents', cents: 123456 });
    expect(typedAmount('1234.5')).toEqual({ kind: 'cents', cents: 123450 });
  });

  it('takes a blank box as nothing typed', () => {
    expect(typedAmount('  ')).toEqual({ kind: 'empty' });
  });

  it('refuses text, a third decimal, zero and a sign', () => {
    expect(typedAmount('abc')).toEqual({ kind: 'wrong', key: 'accounting.invalidAmount' });
    expect(typedAmount('1,234')).toEqual({ kind: 'wrong', key: 'accounting.invalidAmount' });
    expect(typedAmount('0')).toEqual({ kind: 'wrong', key: 'validation.mustBePositive' });
    expect(typedAmount('-5')).toEqual({ kind: 'wrong', key: 'validation.mustBePositive' });
  });
});

describe('centsOf', () => {
  it('counts what cannot be read as nothing', () => {
    expect(centsOf('12,50')).toBe(1250);
    expect(centsOf('x')).toBe(0);
    expect(centsOf('')).toBe(0);
  });
});
