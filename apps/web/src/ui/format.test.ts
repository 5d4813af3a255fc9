import { describe, expect, it } from 'vitest';
import { formatMonth } from './format';

describe('formatMonth', () => {
  it('names a month in the reader’s language, whatever the time zone', () => {
    expect(formatMonth('2026-03-01', 'en')).toBe('March 2026');
    expect(formatMonth('2026-03-01', 'fr')).toBe('mars 2026');
    expect(formatMonth('2026-01-01', 'en')).toBe('January 2026');
  });
});
