import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signUpSchema } from './auth';
import { buildingEditSchema } from './building';
import { emailSchema, fractionSchema, positiveDecimalString } from './common';
import { dropEmpty, issuesOf } from './form';

const keysOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : issuesOf(result.error).map((i) => `${i.path.join('.')}:${i.key}`);
};

describe('SPEC 5 form messages', () => {
  it('maps each kind of zod issue to its message key', () => {
    const schema = z.object({
      required: z.string(),
      long: z.string().max(3),
      short: z.string().min(3),
      many: z.array(z.string()).max(1),
      few: z.array(z.string()).min(2),
      big: z.number().max(4),
      small: z.number().min(0),
      url: z.url(),
      choice: z.enum(['a', 'b']),
      kind: z.number(),
    });
    expect(
      keysOf(schema, {
        long: 'abcd',
        short: 'ab',
        many: ['a', 'b'],
        few: ['a'],
        big: 5,
        small: -1,
        url: 'nope',
        choice: 'c',
        kind: 'x',
      }),
    ).toEqual([
      'required:validation.required',
      'long:validation.tooLong',
      'short:validation.tooShort',
      'many:validation.tooManyItems',
      'few:validation.tooFewItems',
      'big:validation.numberTooLarge',
      'small:validation.numberTooSmall',
      'url:validation.invalidUrl',
      'choice:validation.invalidEnum',
      'kind:validation.wrongType',
    ]);
  });

  it('uses the SPEC wording for emails, vote shares and decimals', () => {
    expect(keysOf(emailSchema, 'nope')).toEqual([':validation.enterValidEmail']);
    expect(keysOf(emailSchema, `${'a'.repeat(95)}@b.com`)).toEqual([':validation.enterValidEmail']);
    expect(keysOf(fractionSchema, -0.1)).toEqual([':validation.mustBePositive']);
    expect(keysOf(fractionSchema, 1.01)).toEqual([':validation.mustBeLessThan100']);
    expect(keysOf(positiveDecimalString, '-3')).toEqual([':validation.positiveDecimal']);
    expect(keysOf(positiveDecimalString, '0')).toEqual([':validation.positiveDecimal']);
    expect(keysOf(positiveDecimalString, '12.5')).toEqual([]);
  });

  it('sign-up needs matching passwords and agreement', () => {
    expect(
      keysOf(signUpSchema, {
        name: 'A',
        email: 'a@b.ca',
        password: 'longenough',
        confirmPassword: 'different',
        acceptTerms: false,
      }),
    ).toEqual(['acceptTerms:validation.mustAgree', 'confirmPassword:validation.passwordsDoNotMatch']);
    expect(
      keysOf(signUpSchema, {
        name: 'A',
        email: 'a@b.ca',
        password: 'longenough',
        confirmPassword: 'different',
        acceptTerms: true,
      }),
    ).toEqual(['confirmPassword:validation.passwordsDoNotMatch']);
  });

  it('drops unset and empty values before validation', () => {
    expect(dropEmpty({ a: '', b: null, c: undefined, d: 'x', e: { f: '' }, g: [{ h: '' }] })).toEqual({
      d: 'x',
      e: {},
      g: [{}],
    });
    expect(keysOf(buildingEditSchema, dropEmpty({ email: '', phone: '' }))).toEqual([]);
  });

  it('an edit of one setting names only that setting', () => {
    expect(buildingEditSchema.parse({ name: 'Only' })).toEqual({ name: 'Only' });
  });
});
