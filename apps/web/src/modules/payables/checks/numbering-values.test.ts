import { describe, expect, it } from 'vitest';
import { prepareCheckNumbering } from './numbering-values';

describe('prepareCheckNumbering', () => {
  it('sends a whole number from 1', () => {
    expect(prepareCheckNumbering(' 1 234 ').input).toEqual({ nextCheckNumber: 1234 });
  });

  it('refuses what is not a whole number, zero and nothing', () => {
    const issue = (text: string) => prepareCheckNumbering(text).issues.map((i) => i.key);
    expect(issue('12.5')).toEqual(['paymentPages.checks.wholeNumber']);
    expect(issue('0')).toHaveLength(1);
    expect(issue('')).toEqual(['validation.required']);
    expect(prepareCheckNumbering('0').input).toBeNull();
  });
});
