import { describe, expect, it } from 'vitest';
import { centsFromSql } from './money';

describe('money read from SQL', () => {
  it('reads a bigint or a sum as the driver hands it: text, number or bigint; no rows is no money', () => {
    expect(centsFromSql('125050')).toBe(125050);
    expect(centsFromSql('-42')).toBe(-42);
    expect(centsFromSql(7)).toBe(7);
    expect(centsFromSql(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
    expect(centsFromSql(null)).toBe(0);
  });

  it('refuses a fraction, text that is not a whole number and an amount beyond the safe integers', () => {
    for (const value of ['12.50', '1e3', 'abc', '', 0.5, '9007199254740992', 9_007_199_254_740_992n])
      expect(() => centsFromSql(value), String(value)).toThrow(RangeError);
  });
});
