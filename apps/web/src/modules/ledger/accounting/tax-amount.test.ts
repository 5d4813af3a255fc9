import { describe, expect, it } from 'vitest';
import { taxOf } from './tax-amount';

describe('taxOf', () => {
  it('computes the GST and the QST of an amount', () => {
    expect(taxOf(123456, 0.05)).toBe(6173);
    expect(taxOf(123456, 0.09975)).toBe(12315);
  });

  it('rounds half a cent away from zero, so a credit mirrors its charge', () => {
    expect(taxOf(10000, 0.09975)).toBe(998);
    expect(taxOf(-10000, 0.09975)).toBe(-998);
    expect(taxOf(10, 0.05)).toBe(1);
    expect(taxOf(-10, 0.05)).toBe(-1);
  });

  it('rounds to the nearest cent below half a cent', () => {
    expect(taxOf(9, 0.05)).toBe(0);
    expect(taxOf(-9, 0.05)).toBe(0);
  });

  it('gives no tax on nothing or at a zero rate', () => {
    expect(taxOf(0, 0.05)).toBe(0);
    expect(taxOf(5000, 0)).toBe(0);
  });
});
