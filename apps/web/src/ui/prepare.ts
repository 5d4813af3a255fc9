import type { z } from 'zod';
import { dropEmpty, issuesOf, type FieldIssue } from '@copro/domain';
import { typedAmount } from './typed-amount';

/** A form's values turned into an API body: the body when it is valid, else what to correct where. */
export interface Prepared<T> {
  input: T | null;
  issues: FieldIssue[];
}

/**
 * Checks the body with the shared schema (the server checks it with the same one), after the
 * form's own issues (an amount that is no amount, a unit not chosen): those are said first, in
 * the form's words, and the schema's issue on the same field is not repeated.
 */
export function prepareWith<T>(schema: z.ZodType<T>, body: object, own: FieldIssue[] = []): Prepared<T> {
  // A box holding only spaces is left blank (an optional description is then dropped, not refused).
  const trimmed = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  );
  const result = schema.safeParse(dropEmpty(trimmed));
  const issues = [...own];
  if (!result.success) {
    const said = new Set(issues.map((issue) => issue.path.join('.')));
    for (const issue of issuesOf(result.error)) {
      const path = issue.path.join('.');
      if (said.has(path)) continue;
      said.add(path);
      issues.push(issue);
    }
  }
  return { input: issues.length === 0 && result.success ? result.data : null, issues };
}

/**
 * An amount typed in dollars, as cents for the body; an unreadable or missing one adds its issue
 * at `path` and leaves the body without it.
 */
export function amountAt(text: string, path: (string | number)[], issues: FieldIssue[]): number | undefined {
  const typed = typedAmount(text);
  if (typed.kind === 'cents') return typed.cents;
  issues.push({ path, key: typed.kind === 'wrong' ? typed.key : 'validation.required' });
  return undefined;
}

/**
 * A unit or bank left unchosen is "required": the schema would call the empty value an invalid
 * identifier, which is not what the user did wrong.
 */
export function chosenAt(value: string, path: (string | number)[], issues: FieldIssue[]): void {
  if (value === '') issues.push({ path, key: 'validation.required' });
}
