import { Fragment, type ReactNode } from 'react';
import type { z } from 'zod';
import { dropEmpty, issuesOf, type FieldIssue } from '@copro/domain';
import { ApiError } from '../app/api';
import { Translated } from './translated';

export type FormErrors = Record<string, ReactNode>;

/** Where a form's own message goes, rather than a field's: the path of an issue about the whole body. */
export const formMessageKey = '';

/**
 * SPEC 5: a form sent as it was opened (blank, or nothing changed) and refused says "Please
 * complete the form" beside its buttons, besides what each field lacks under it. A message of the
 * form's own (a deposit with nothing in it) says more and stays.
 */
export function withFormMessage(errors: FormErrors, untouched: boolean): FormErrors {
  if (!untouched || Object.keys(errors).length === 0 || formMessageKey in errors) return errors;
  return { ...errors, [formMessageKey]: <Translated k="validation.completeForm" /> };
}

/**
 * One message per field, every issue of it in order (a switch refused for two reasons says both);
 * the form-level key is `formMessageKey`.
 */
export function issuesToErrors(issues: FieldIssue[]): FormErrors {
  const byField = new Map<string, FieldIssue[]>();
  for (const issue of issues) {
    const path = issue.path.join('.');
    byField.set(path, [...(byField.get(path) ?? []), issue]);
  }
  const errors: FormErrors = {};
  for (const [path, found] of byField) {
    const unique = found.filter((issue, i) => found.findIndex((o) => o.key === issue.key) === i);
    errors[path] = (
      <>
        {unique.map((issue, i) => (
          <Fragment key={issue.key}>
            {i > 0 && ' '}
            <Translated k={issue.key} params={issue.params} />
          </Fragment>
        ))}
      </>
    );
  }
  return errors;
}

/**
 * A Mantine form validator from a shared zod schema: SPEC 5 drops unset and empty values first,
 * and the messages are the catalog's keys.
 */
export function validateWith<V>(schema: z.ZodType) {
  return (values: V): FormErrors => {
    const result = schema.safeParse(dropEmpty(values));
    return result.success ? {} : issuesToErrors(issuesOf(result.error));
  };
}

/** The field errors a failed call carries (the server validates with the same schema). */
export const serverErrors = (error: unknown): FormErrors =>
  error instanceof ApiError ? issuesToErrors(error.issues.filter((issue) => issue.path.length > 0)) : {};
