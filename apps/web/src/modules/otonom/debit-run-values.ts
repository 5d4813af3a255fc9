import { type FieldIssue } from '@copro/domain';
import { debitRunSchema, type DebitRunInput } from '@copro/domain/schemas/otonom-web';
import { prepareWith, type Prepared } from '../../ui/prepare';

/**
 * The monthly run's body: the day it runs as of (the building's today by default). Each unit whose
 * payment day has come by then gets its month's debit once; running it again creates nothing more.
 */
export function prepareDebitRun(asOf: string): Prepared<DebitRunInput> {
  const issues: FieldIssue[] = [];
  if (asOf.trim() === '') issues.push({ path: ['asOf'], key: 'validation.required' });
  return prepareWith(debitRunSchema, { asOf }, issues);
}
