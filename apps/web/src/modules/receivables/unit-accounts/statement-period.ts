import type { StatementPeriod } from '@copro/domain';

/**
 * A statement covers the fiscal year being viewed up to today: from its first day to today, or
 * to its last day once it has ended (and to its first day when it has not begun).
 */
export function defaultStatementPeriod(
  today: string,
  year: { startDate: string; endDate: string },
): StatementPeriod {
  const to = today < year.startDate ? year.startDate : today > year.endDate ? year.endDate : today;
  return { from: year.startDate, to };
}
