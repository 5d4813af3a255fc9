import type { z } from 'zod';
import { dropEmpty, issuesOf, type FieldIssue } from '@copro/domain';
import { typedAmount } from '../accounting/typed-amount';

/** A form's values turned into an API body: the body when it is valid, else what to correct where. */
export interface Prepared<T> {
  input: T | null;
  issues: FieldIssue[];
}

/** The cents of an amount box (above zero), or the issue to show under it. */
export function amountOf(text: string): { cents: number } | { issue: FieldIssue } {
  const typed = typedAmount(text);
  if (typed.kind === 'cents') return { cents: typed.cents };
  return {
    issue: { path: ['amount'], key: typed.kind === 'wrong' ? typed.key : 'validation.required' },
  };
}

/**
 * Checks the body with the shared schema (the server checks it with the same one), after the
 * form's own issues (an amount that is no amount): those are said first, in the form's words.
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
