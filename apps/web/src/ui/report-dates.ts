/** What the date boxes of a report's card hold, whatever area makes the report: YYYY-MM-DD, '' once emptied. */
export interface ReportDates {
  from: string;
  to: string;
  asOf: string;
}

/** A message for the boxes: an i18n key and its values. */
export interface ChoiceProblem {
  key: string;
  params?: Record<string, number>;
}

/** A date the report needs was emptied. */
export const dateRequired: ChoiceProblem = { key: 'validation.required' };

/**
 * The boxes' first values: the fiscal year up to today (its whole period once it has ended), and
 * an aging on that same last day.
 */
export function initialDates(year: { startDate: string; endDate: string }, today: string): ReportDates {
  const last = today < year.startDate ? year.startDate : today > year.endDate ? year.endDate : today;
  return { from: year.startDate, to: last, asOf: last };
}

/** What is wrong with a period's ends, as the server would say it: both needed, the end not before the start. */
export function periodProblem({ from, to }: ReportDates): ChoiceProblem | null {
  if (!from || !to) return dateRequired;
  return to < from ? { key: 'reports.invalidPeriod' } : null;
}
