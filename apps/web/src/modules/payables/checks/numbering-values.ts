import type { z } from 'zod';
import { checkNumberingSchema, parseWholeNumber, type FieldIssue } from '@copro/domain';
import { prepareWith, type Prepared } from '../../../ui/prepare';

/** The next check number of a bank as typed, checked with the shared schema. */
export function prepareCheckNumbering(text: string): Prepared<z.infer<typeof checkNumberingSchema>> {
  const issues: FieldIssue[] = [];
  const typed = text.trim();
  const nextCheckNumber = typed === '' ? undefined : parseWholeNumber(typed);
  if (nextCheckNumber === null)
    issues.push({ path: ['nextCheckNumber'], key: 'paymentPages.checks.wholeNumber' });
  return prepareWith(checkNumberingSchema, { nextCheckNumber: nextCheckNumber ?? undefined }, issues);
}
