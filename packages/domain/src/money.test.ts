import { describe, expect, expectTypeOf, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  addCents,
  cents,
  formatCents,
  formatPercent,
  negateCents,
  parseCents,
  parsePercent,
  parseWholeNumber,
  subtractCents,
  sumCents,
  zeroCents,
  type Cents,
} from './money';
import { centsSchema } from './schemas/common';

describe('amounts typed by people, in cents', () => {
  it('reads both languages, spaces and a dollar sign, exactly', () => {
    expect(parseCents('1 250,50')).toBe(125050);
    expect(parseCents('$1250.5')).toBe(125050);
    expect(parseCents('1250.50')).toBe(125050);
    expect(parseCents('0,1')).toBe(10);
    expect(parseCents('.07')).toBe(7);
    expect(parseCents('-3')).toBe(-300);
    // 0.1 + 0.2 must not drift: 0.29 stays 29 cents.
    expect(parseCents('0.29')).toBe(29);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const text of ['', 'abc', '1.234', '1,2,3', '12a', '.']) expect(parseCents(text), text).toBeNull();
  });

  it('formats so the text reads back unchanged, in either language', () => {
    expect(formatCents(125050, 'en')).toBe('1250.50');
    expect(formatCents(125050, 'fr')).toBe('1250,50');
    expect(formatCents(-5, 'en')).toBe('-0.05');
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 13), max: 10 ** 13 }),
        fc.constantFrom('en' as const, 'fr' as const),
        (cents, language) => {
          expect(parseCents(formatCents(cents, language))).toBe(cents);
        },
      ),
    );
  });
});

describe('rates typed as percentages', () => {
  it('moves the decimal point in the text, not with float arithmetic', () => {
    expect(parsePercent('9,975')).toBe(0.09975);
    expect(parsePercent('5')).toBe(0.05);
    expect(parsePercent('14.975')).toBe(0.14975);
    expect(parsePercent('100')).toBe(1);
    expect(parsePercent('x')).toBeNull();
    expect(formatPercent(0.09975, 'fr')).toBe('9,975');
    expect(formatPercent(0.05, 'en')).toBe('5');
  });

  it('reads back every rate it formats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 8 }),
        fc.constantFrom('en' as const, 'fr' as const),
        (millionths, language) => {
          const rate = millionths / 10 ** 8;
          expect(parsePercent(formatPercent(rate, language))).toBe(rate);
        },
      ),
    );
  });
});

describe('whole numbers', () => {
  it('reads digits with spaces, refuses decimals', () => {
    expect(parseWholeNumber('1 200')).toBe(1200);
    expect(parseWholeNumber('12.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });
});

describe('Cents, the type of money', () => {
  it('is made only of safe integers', () => {
    expect(cents(125050)).toBe(125050);
    for (const value of [0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])
      expect(() => cents(value), String(value)).toThrow(RangeError);
  });

  it('adds, subtracts and negates exactly, and refuses a sum beyond the safe integers', () => {
    expect(sumCents([cents(10), cents(-3), cents(25)])).toBe(32);
    expect(sumCents([])).toBe(0);
    expect(addCents(cents(1), cents(2), cents(3))).toBe(6);
    expect(subtractCents(cents(1), cents(3))).toBe(-2);
    expect(negateCents(cents(5))).toBe(-5);
    expect(Object.is(negateCents(zeroCents), 0)).toBe(true);
    expect(() => sumCents([cents(Number.MAX_SAFE_INTEGER), cents(1)])).toThrow(RangeError);
  });

  it('is what the money schema outputs and what parsing typed text gives', () => {
    expectTypeOf<z.output<typeof centsSchema>>().toEqualTypeOf<Cents>();
    expectTypeOf(parseCents('1')).toEqualTypeOf<Cents | null>();
    expect(centsSchema.parse(1250)).toBe(1250);
    expect(centsSchema.safeParse(12.5).success).toBe(false);
    expect(Object.is(parseCents('-0'), 0)).toBe(true);
  });
});
