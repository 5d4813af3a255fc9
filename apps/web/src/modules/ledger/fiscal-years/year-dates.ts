import { addDays, newFiscalYearProblem } from '@copro/domain';
import type { FiscalYearInfo } from '@copro/domain';

const midnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD, as date inputs give it. */
const isIsoDate = (value: string): boolean =>
  isoDatePattern.test(value) &&
  !Number.isNaN(midnight(value).getTime()) &&
  midnight(value).toISOString().startsWith(value);

/**
 * The new year starts the day after the latest one ends, unless that day is still to come.
 * `today` is the building's (useBuildingToday).
 */
export function defaultNewYearStart(latest: FiscalYearInfo, today: string): string {
  const next = addDays(latest.endDate, 1);
  return next < today ? next : today;
}

/**
 * SPEC 5 for the new year's start: after the latest year's start (the same start would name two
 * years alike) and not after the building's today. An i18n key, or null.
 */
export function newYearStartProblem(newYear: string, latest: FiscalYearInfo, today: string): string | null {
  if (!isIsoDate(newYear)) return 'validation.required';
  if (newYear === latest.startDate) return 'validation.dateTooEarly';
  return newFiscalYearProblem(midnight(newYear), midnight(latest.startDate), midnight(today));
}

/** A year ends on or after its start and before the next year (`next`, if any) starts. */
export function endDateProblem(
  endDate: string,
  year: FiscalYearInfo,
  next: FiscalYearInfo | undefined,
): string | null {
  if (!isIsoDate(endDate)) return 'validation.required';
  if (endDate < year.startDate) return 'validation.dateTooEarly';
  if (next && endDate >= next.startDate) return 'validation.dateTooLate';
  return null;
}
