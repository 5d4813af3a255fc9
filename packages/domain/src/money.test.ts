import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents, formatPercent, parseCents, parsePercent, parseWholeNumber } from './money';

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
