/**
 * One "today" (DESIGN 3): a building's date is the calendar date in its time zone, whatever the
 * server's or the browser's. Dates are ISO `YYYY-MM-DD` strings; day arithmetic is done at UTC
 * midnight so it never crosses a daylight-saving change.
 */

/** The calendar date at `now` in `timeZone` (an IANA name; an unknown one falls back to UTC). */
export function todayIn(timeZone: string, now: Date): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A building's today: the one function every page, form, job and report asks. */
export const buildingToday = (building: { timeZone: string }, now: Date): string =>
  todayIn(building.timeZone, now);

/** An ISO date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The 1st of the month a date is in. */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;
