import { fundOf, type Fund } from '@copro/domain';

/**
 * The fund a bank's or category's form starts with: the record's own, else its default chart
 * account's (the contingency fund's accounts are in the contingency fund), else operating, which
 * is also where a new record starts.
 */
export const fundChoiceOf = (record: { fund?: string | null; systemKey?: string | null } | undefined): Fund =>
  fundOf(record ?? {});
