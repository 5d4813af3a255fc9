import type { FieldIssue } from '@copro/domain';

/**
 * The issues of a refusal split between the form's fields (shown under them) and the rest,
 * about the request as a whole or a value the form does not show (shown above the buttons).
 */
export function splitIssues(
  issues: readonly FieldIssue[],
  fields: readonly string[],
): { field: FieldIssue[]; general: FieldIssue[] } {
  const field: FieldIssue[] = [];
  const general: FieldIssue[] = [];
  for (const issue of issues) {
    const head = issue.path[0];
    if (typeof head === 'string' && fields.includes(head)) field.push(issue);
    else general.push(issue);
  }
  return { field, general };
}
