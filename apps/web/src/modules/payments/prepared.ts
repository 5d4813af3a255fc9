import type { z } from 'zod';
import { dropEmpty, issuesOf, type FieldIssue } from '@copro/domain';
import { typedAmount } from '../accounting/typed-amount';

/** A form turned into the API's body: the body when nothing is wrong, else what to correct. */
export interface Prepared<T> {
  input: T | null;
  issues: FieldIssue[];
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean =>
  a.length === b.length && a.every((part, i) => String(part) === String(b[i]));

/**
 * The body checked with the shared schema, after the form's own checks (amounts typed in dollars):
 * an issue the form already explains is not repeated by the schema's.
 */
export function prepareWith<T>(schema: z.ZodType<T>, body: unknown, formIssues: FieldIssue[]): Prepared<T> {
  const result = schema.safeParse(dropEmpty(body));
  const schemaIssues = result.success
    ? []
    : issuesOf(result.error).filter((issue) => !formIssues.some((own) => samePath(own.path, issue.path)));
  const issues = [...formIssues, ...schemaIssues];
  return { input: result.success && issues.length === 0 ? result.data : null, issues };
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
