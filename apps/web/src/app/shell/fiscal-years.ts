import { localeOf, type Language } from '@copro/domain';
import type { FiscalYearInfo } from '@copro/domain';

/** SPEC 9 MAX_WEEKS_IN_FY: past this, finance writers must create the next fiscal year. */
export const maxWeeksInFiscalYear = 114;
const weekMs = 7 * 24 * 60 * 60 * 1000;

/** True when the latest year started more than MAX_WEEKS_IN_FY weeks before `now`. */
export function newFiscalYearNeeded(latest: FiscalYearInfo, now: Date): boolean {
  return now.getTime() - Date.parse(`${latest.startDate}T00:00:00Z`) > maxWeeksInFiscalYear * weekMs;
}

/** A short name: "2026" for a calendar year, "2025–2026" for a year across two. */
export function fiscalYearName(year: FiscalYearInfo): string {
  const start = year.startDate.slice(0, 4);
  const end = year.endDate.slice(0, 4);
  return start === end ? start : `${start}–${end}`;
}

/**
 * A YYYY-MM-DD date in the user's language: long ("January 1, 2026", « 1 janvier 2026 ») or
 * medium ("Jan 1, 2026", « 1 janv. 2026 »).
 */
export function formatDay(isoDate: string, language: Language, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
