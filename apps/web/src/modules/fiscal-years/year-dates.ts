import { newFiscalYearProblem } from '@copro/domain';
import type { FiscalYearInfo } from '../../app/shell/building-query';

const midnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00Z`);
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD, as date inputs give it. */
const isIsoDate = (value: string): boolean =>
  isoDatePattern.test(value) &&
  !Number.isNaN(midnight(value).getTime()) &&
  midnight(value).toISOString().startsWith(value);

export function addDays(isoDate: string, days: number): string {
  const date = midnight(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Today as the server counts it: it compares the new year's midnight UTC with its own clock, so
 * the UTC date is the latest start it accepts.
 */
export const serverToday = (now: Date): string => now.toISOString().slice(0, 10);

/** The new year starts the day after the latest one ends, unless that day is still to come. */
export function defaultNewYearStart(latest: FiscalYearInfo, now: Date): string {
  const next = addDays(latest.endDate, 1);
  const today = serverToday(now);
  return next < today ? next : today;
}

/**
 * SPEC 5 for the new year's start, as the server checks it: after the latest year's start (the
 * same start would name two years alike) and not in the future. An i18n key, or null.
 */
export function newYearStartProblem(newYear: string, latest: FiscalYearInfo, now: Date): string | null {
  if (!isIsoDate(newYear)) return 'validation.required';
  if (newYear === latest.startDate) return 'validation.dateTooEarly';
  return newFiscalYearProblem(midnight(newYear), midnight(latest.startDate), now);
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
