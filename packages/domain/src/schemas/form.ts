import type { z } from 'zod';
import type { FieldIssue } from '../errors';

/**
 * SPEC 5: unset or empty values are dropped before validation, so an emptied optional field
 * is "not given" rather than an invalid empty string.
 */
export function dropEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(dropEmpty) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined || v === null || v === '') continue;
      out[k] = dropEmpty(v);
    }
    return out as T;
  }
  return value;
}

const isKey = (message: string | undefined): message is string =>
  !!message && /^(validation|errors|auth)\.[A-Za-z0-9.]+$/.test(message);

function originOf(issue: z.core.$ZodIssue): string {
  return 'origin' in issue && typeof issue.origin === 'string' ? issue.origin : '';
}

/** Turns one zod issue into an i18n key with its parameters (SPEC 5 "Form messages"). */
export function issueToFieldIssue(issue: z.core.$ZodIssue): FieldIssue {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (isKey(issue.message)) return { path, key: issue.message };
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves the input out of its issues; its message says what it received.
      return {
        path,
        key: /received undefined$/.test(issue.message) ? 'validation.required' : 'validation.wrongType',
      };
    case 'too_big': {
      const max = Number(issue.maximum);
      const origin = originOf(issue);
      if (origin === 'string') return { path, key: 'validation.tooLong', params: { max } };
      if (origin === 'array' || origin === 'set')
        return { path, key: 'validation.tooManyItems', params: { max } };
      if (origin === 'date') return { path, key: 'validation.dateTooLate' };
      return { path, key: 'validation.numberTooLarge', params: { max } };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      const origin = originOf(issue);
      if (origin === 'string') {
        return min <= 1
          ? { path, key: 'validation.required' }
          : { path, key: 'validation.tooShort', params: { min } };
      }
      if (origin === 'array' || origin === 'set')
        return { path, key: 'validation.tooFewItems', params: { min } };
      if (origin === 'date') return { path, key: 'validation.dateTooEarly' };
      return { path, key: 'validation.numberTooSmall', params: { min } };
    }
    case 'invalid_format': {
      const format = 'format' in issue ? issue.format : '';
      if (format === 'email') return { path, key: 'validation.enterValidEmail' };
      if (format === 'url') return { path, key: 'validation.invalidUrl' };
      if (format === 'date' || format === 'datetime') return { path, key: 'validation.wrongType' };
      return { path, key: 'validation.invalidIdentifier' };
    }
    case 'invalid_value':
      return { path, key: 'validation.invalidEnum', params: { values: issue.values.map(String).join(', ') } };
    default:
      return { path, key: 'validation.unknown' };
  }
}

export const issuesOf = (error: z.ZodError): FieldIssue[] => error.issues.map(issueToFieldIssue);
