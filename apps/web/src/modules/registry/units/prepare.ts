import type { z } from 'zod';
import { dropEmpty, issuesOf, type FieldIssue } from '@copro/domain';

/** A body ready to send, or the issues that stop it, with the API's paths. */
export type Prepared<T> = { body: T; issues: [] } | { body: null; issues: FieldIssue[] };

export const invalidAmountKey = 'units.form.invalidAmount';
export const invalidPercentKey = 'units.form.invalidPercent';
export const invalidDayKey = 'units.form.invalidDay';

/**
 * Reads the numbers typed as text; a text that is not one becomes an issue and is left out of the
 * body, so the schema says nothing more about it.
 */
export class NumberReader {
  readonly issues: FieldIssue[] = [];

  read(text: string, path: (string | number)[], parse: (text: string) => number | null, key: string) {
    if (text.trim() === '') return undefined;
    const value = parse(text);
    if (value === null) this.issues.push({ path, key });
    return value ?? undefined;
  }
}

/** The shared zod schema on what the form holds (SPEC 5: empty values dropped first). */
export function validated<T>(schema: z.ZodType<T>, raw: unknown, numbers: NumberReader): Prepared<T> {
  const result = schema.safeParse(dropEmpty(raw));
  const typed = new Set(numbers.issues.map((issue) => issue.path.join('.')));
  const issues = [
    ...numbers.issues,
    ...(result.success ? [] : issuesOf(result.error).filter((issue) => !typed.has(issue.path.join('.')))),
  ];
  if (issues.length > 0 || !result.success) return { body: null, issues };
  return { body: result.data, issues: [] };
}
